import { Plural, Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type Day, dayLessons } from '../../../domain/learning/day';
import { downloadLessonOf } from '../../../domain/learning/download';
import { Button } from '../../../ui/Button';
import { useFocusOnReturn } from '../../../ui/useFocusOnReturn';
import { useAppOffline, useDownloadsRegistry, useDownloadsSummary } from '../../offline/useDownloads';
import type { DownloadOfferActor } from './downloadOfferSlot';

/**
 * "Download the whole day" on the day page, where the stream offers downloads: starts every lesson
 * of the day that is not downloaded yet (a failed one again), and says how many are stored. Offline
 * a download cannot start: only the count shows.
 */
export function DayDownloadsView({ actor, day }: { actor: DownloadOfferActor; day: Day }) {
  const offer = useSelector(actor, (snapshot) => (snapshot.matches('offered') ? snapshot.context : null));
  const registry = useDownloadsRegistry();
  const offline = useAppOffline();
  const items = dayLessons(day).filter((item) => item.lesson.video !== null);
  const summary = useDownloadsSummary(
    registry,
    items.map((item) => item.lesson.id),
  );
  // The button goes once every lesson is wanted: the focus it had goes to the line that counts them.
  const summaryRef = useFocusOnReturn<HTMLParagraphElement>(summary.wanted === items.length);
  if (!offer || items.length === 0) return null;
  const total = items.length;
  const loaded = summary.loaded;
  const everyLessonWanted = summary.wanted === total;
  const downloadAll = () => {
    for (const item of items) {
      const where = { streamId: offer.streamId, dayId: day.id, courseTitle: offer.courseTitle };
      // Lessons already downloading or stored are left alone (the registry starts a lesson once
      // and tries a failed one again).
      registry?.send({
        type: 'DOWNLOADS.START',
        lesson: downloadLessonOf(item, where, window.location.origin),
      });
    }
  };
  return (
    <section className="day-downloads" aria-labelledby="day-downloads-title">
      <h2 className="day-downloads__title" id="day-downloads-title">
        <Trans>Watch offline</Trans>
      </h2>
      <p className="day-downloads__summary" ref={summaryRef} role="status" tabIndex={-1}>
        {loaded === total ? (
          <Trans>Every lesson of this day is downloaded.</Trans>
        ) : (
          <Plural
            value={total}
            one={`${loaded} of # lesson downloaded`}
            other={`${loaded} of # lessons downloaded`}
          />
        )}
      </p>
      {!everyLessonWanted && !offline && (
        <Button variant="secondary" disabled={!registry} onClick={downloadAll}>
          <Trans>Download the whole day</Trans>
        </Button>
      )}
    </section>
  );
}
