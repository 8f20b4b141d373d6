import { Trans } from '@lingui/react/macro';
import { formatDate } from '../../../domain/learning/calendarDates';
import { type CourseStream, plannedFreeze } from '../../../domain/learning/stream';
import { useTimeZone } from '../common/useTimeZone';

/**
 * The dates of a freeze created for later, under the access line: until it starts the stream is open
 * and counts its days as before, so nothing else on the calendar shows that one is coming.
 */
export function PlannedFreezeLine({ stream }: { stream: CourseStream }) {
  const timeZone = useTimeZone();
  const freeze = plannedFreeze(stream);
  if (!freeze) return null;
  const from = formatDate(freeze.startDate, timeZone);
  const to = formatDate(freeze.endDate, timeZone);
  return (
    <p className="planned-freeze">
      <Trans>
        A freeze is planned from {from} to {to}.
      </Trans>
    </p>
  );
}
