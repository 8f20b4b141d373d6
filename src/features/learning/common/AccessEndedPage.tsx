import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Course } from '../../../domain/learning/course';
import type { CourseStream } from '../../../domain/learning/stream';
import { BackLink } from '../../shell/BackLink';
import { AccessLine } from './AccessLine';
import './learning.css';

/** The page's heading, which is also the tab's title of the page that shows it (its calendar, a day). */
export const ACCESS_ENDED_TITLE = msg`Ouch! You have run out of access :(`;

/**
 * The title with its closing emoticon kept whole and beside the last word: a narrow screen otherwise
 * breaks the line inside ":(" (a colon may end a line, and a bracket start one) and leaves "(" alone.
 */
function WholeEmoticon({ title }: { title: string }) {
  if (!title.endsWith(' :(')) return title;
  return (
    <>
      {title.slice(0, -3)}
      <span style={{ whiteSpace: 'nowrap' }}>{'\u00a0:('}</span>
    </>
  );
}

/**
 * A stream whose access ended or stopped (content spec, section 8): what happened and where to go.
 * Its calendar and each of its days show it.
 */
export function AccessEndedPage({
  stream,
  course,
  now,
}: {
  stream: CourseStream;
  course: Course | null;
  now: number;
}) {
  const { i18n } = useLingui();
  return (
    <section className="learning access-ended panel" aria-labelledby="access-ended-title">
      <h1 id="access-ended-title">
        <WholeEmoticon title={i18n._(ACCESS_ENDED_TITLE)} />
      </h1>
      {course && <p className="access-ended__course">{course.title}</p>}
      <AccessLine stream={stream} now={now} />
      <p>
        <Trans>Extend the course to resume access.</Trans>
      </p>
      <div className="access-ended__actions">
        <BackLink to="/courses" className="btn btn--secondary">
          <Trans>Back to my courses</Trans>
        </BackLink>
        <Link to="/catalog" className="btn btn--primary">
          <Trans>Go to the catalog</Trans>
        </Link>
      </div>
    </section>
  );
}
