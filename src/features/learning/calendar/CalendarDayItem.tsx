import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../domain/learning/calendarDates';
import { type CalendarDayView, canOpenDay } from '../../../domain/learning/calendarDays';
import { countdown } from '../../../domain/learning/countdown';
import type { Day } from '../../../domain/learning/day';
import { useTimeZone } from '../common/useTimeZone';

/**
 * What a day's state says (content spec, section 2: done, pass now, closed until, received, available).
 * A day that opens within a day counts the hours: its date would be today's, which says nothing.
 */
function useStateText(now: number): (view: CalendarDayView) => string {
  const { t, i18n } = useLingui();
  const timeZone = useTimeZone();
  return (view) => {
    switch (view.kind) {
      case 'done':
        return t`Done`;
      case 'passNow':
        return t`Pass now`;
      case 'closedUntil': {
        if (view.date === null) return t`Locked in the demo`;
        const wait = countdown(now, view.date);
        if (wait.unit === 'hour') {
          const hours = wait.count;
          return i18n._(
            msg({ message: plural(hours, { one: 'Opens in # hour', other: 'Opens in # hours' }) }),
          );
        }
        const until = formatDate(view.date, timeZone);
        return t`Closed until ${until}`;
      }
      case 'received':
        return t`Received`;
      case 'available':
        return t`Available`;
      case 'rest':
        return t`Rest day`;
    }
  };
}

/** One day of the calendar: its number, title and state; a link to the day page unless it is closed. */
export function CalendarDayItem({
  day,
  view,
  streamId,
  now,
  optional,
}: {
  day: Day;
  view: CalendarDayView;
  streamId: number;
  /** The moment the view was decided at. */
  now: number;
  /** The course is complete without it (daysToComplete.ts). */
  optional: boolean;
}) {
  const stateText = useStateText(now);
  const current = view.kind === 'passNow';
  const content = (
    <>
      <span className="calendar-day__number">
        <Trans>Day {day.dayNumber}</Trans>
        {optional && (
          <span className="calendar-day__optional">
            {' '}
            <Trans>Optional</Trans>
          </span>
        )}
      </span>
      {day.title && <span className="calendar-day__title">{day.title}</span>}
      <span className={`calendar-day__state calendar-day__state--${view.kind}`}>{stateText(view)}</span>
    </>
  );
  return (
    <li className={`calendar-day calendar-day--${view.kind}`} aria-current={current ? 'step' : undefined}>
      {canOpenDay(view) ? (
        <Link
          className="calendar-day__link"
          to="/course/$streamId/calendar/$dayNumber"
          params={{ streamId: String(streamId), dayNumber: String(day.dayNumber) }}
        >
          {content}
        </Link>
      ) : (
        <div className="calendar-day__link calendar-day__link--closed">{content}</div>
      )}
    </li>
  );
}
