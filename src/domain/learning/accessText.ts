import { DAY_MS } from '../limits';
import { type Countdown, countdown } from './countdown';
import type { StreamAccess, StreamStatus } from './streamStatus';

/**
 * What the access line of a course says (content spec, section 4 "Access text"), as data the UI
 * renders with plurals and dates:
 * - not started: the wait before the start;
 * - frozen: the date the freeze ends;
 * - stopped: access stopped on the end date, once that date has come; before it (an optional purchase
 *   whose subscription ended early) or without one, it says no date: "stopped on" a date still to
 *   come reads as a mistake;
 * - ended: access ended on the end date;
 * - open: the time left to the end date, with a warning within `daysShowWarning` days. An open stream
 *   with no end date has no countdown; one past its end date (an optional purchase a subscription
 *   keeps open) names that date and what keeps it open, rather than saying it has none. A demo never
 *   ends (section 4: "ended excludes demo streams"), so it counts down to nothing and warns of no end:
 *   its line says it is a demo.
 * Days are the rounded-up absolute difference to the end date when open, to the start date otherwise;
 * under a day, hours are (countdown.ts).
 */
export type AccessText =
  | { kind: 'startsIn'; wait: Countdown }
  | { kind: 'frozenUntil'; date: number }
  | { kind: 'stoppedOn'; date: number | null }
  | { kind: 'endedOn'; date: number }
  | { kind: 'timeLeft'; wait: Countdown; warning: boolean }
  | { kind: 'unlimited' }
  | { kind: 'openPastEnd'; date: number }
  | { kind: 'demo' };

const daysBetween = (from: number, to: number): number => Math.ceil(Math.abs(to - from) / DAY_MS);

export function accessText(
  stream: StreamAccess,
  status: StreamStatus,
  now: number,
  daysShowWarning: number,
): AccessText {
  switch (status) {
    case 'not_started':
      return { kind: 'startsIn', wait: countdown(now, stream.startDate) };
    case 'freeze':
      // The status is freeze only while a freeze is in force, so it is there.
      return { kind: 'frozenUntil', date: stream.freeze?.endDate ?? now };
    case 'stopped':
      return {
        kind: 'stoppedOn',
        date: stream.endDate !== null && stream.endDate <= now ? stream.endDate : null,
      };
    case 'ended':
      // Only a stream with an end date ends.
      return { kind: 'endedOn', date: stream.endDate ?? now };
    case 'open': {
      if (stream.isDemo) return { kind: 'demo' };
      if (stream.endDate === null) return { kind: 'unlimited' };
      if (stream.endDate < now) return { kind: 'openPastEnd', date: stream.endDate };
      const warning = daysBetween(now, stream.endDate) <= daysShowWarning;
      return { kind: 'timeLeft', wait: countdown(now, stream.endDate), warning };
    }
  }
}
