import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Course } from '../../../domain/learning/course';
import type { CourseStream } from '../../../domain/learning/stream';
import { AccessLine } from '../common/AccessLine';
import { ProgressBar } from '../common/ProgressBar';

/** One stream of my courses: its course's picture, title and caption, progress, access, calendar link. */
export function StreamCard({
  stream,
  course,
  now,
}: {
  stream: CourseStream;
  course: Course | undefined;
  now: number;
}) {
  const { t } = useLingui();
  const image = course?.mainImage?.urls?.medium ?? course?.mainImage?.url ?? null;
  const title = course?.title ?? t`Course`;
  return (
    <article className="stream-card" aria-labelledby={`stream-${stream.id}-title`}>
      {image && <img className="stream-card__image" src={image} alt="" loading="lazy" />}
      <div className="stream-card__body">
        <h2 className="stream-card__title" id={`stream-${stream.id}-title`}>
          <Link to="/course/$streamId/calendar" params={{ streamId: String(stream.id) }}>
            {title}
          </Link>
        </h2>
        {stream.isDemo && (
          <span className="badge">
            <Trans>Demo</Trans>
          </span>
        )}
        {course?.excerpt && <p className="stream-card__caption muted">{course.excerpt}</p>}
        <ProgressBar value={stream.progress.progress} label={t`Progress of ${title}`} />
        <AccessLine stream={stream} now={now} />
      </div>
    </article>
  );
}
