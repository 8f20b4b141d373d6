import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { LANGUAGES, type Language } from '../../brands/index';
import { dateKeyOfDay, knownTimeZone, wallClock } from '../../src/domain/learning/calendarDates';
import { timeOfMinute } from '../../src/domain/reminders';
import type { Db } from '../db/client';
import { pushSubscriptions, reminderDeliveries, schedules, sessions, users } from '../db/schema';
import { deleteSubscriptionById } from '../modules/push/queries';
import { translate } from './i18n';
import type { Logger } from './logger';
import type { Push } from './push';

/**
 * Delivers reminders as web push at the learner's times, in the learner's time zone (users.timezone,
 * UTC when unset). Each tick looks at the last few minutes of local time: a slot due in that window is
 * claimed by inserting its delivery row (unique per learner, local date and time) before anything is
 * sent, so a reminder goes out at most once, whatever restarts or second processes there are. A slot
 * missed for longer than the window (the server was down) is skipped: a reminder hours late is noise.
 */

export interface ReminderScheduler {
  /** One pass at the clock's time: claims and sends what is due; resolves with the reminders claimed. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  db: Db;
  push: Push;
  log: Logger;
  /** Milliseconds between ticks; 0 runs no timer (tests call `tick`). */
  tickMs: number;
  now?: () => Date;
}

/** How far back a tick looks: several ticks' worth, so a slow tick or a short restart loses nothing. */
export const LOOKBACK_MINUTES = 5;
const MINUTE_MS = 60_000;

type LocalSlot = { date: string; weekday: number; minute: number };

/** The local date, ISO weekday (Monday 1 to Sunday 7) and minute of day of `instant` in `timeZone`. */
export function localSlot(instant: Date, timeZone: string): LocalSlot {
  const clock = wallClock(instant.getTime(), timeZone);
  return {
    date: dateKeyOfDay(clock),
    weekday: new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay() || 7,
    minute: clock.hour * 60 + clock.minute,
  };
}

/** Every local minute from `LOOKBACK_MINUTES` ago to now (a DST jump may repeat or skip one). */
export function dueSlots(now: Date, timeZone: string): LocalSlot[] {
  const seen = new Map<string, LocalSlot>();
  for (let back = LOOKBACK_MINUTES; back >= 0; back -= 1) {
    const slot = localSlot(new Date(now.getTime() - back * MINUTE_MS), timeZone);
    seen.set(`${slot.date} ${slot.minute}`, slot);
  }
  return [...seen.values()];
}

const zoneOf = (timeZone: string | null): string => knownTimeZone(timeZone) ?? 'UTC';

const languageOf = (locale: string | null): Language =>
  LANGUAGES.find((language) => language === locale) ?? 'en';

export function createReminderScheduler({
  db,
  push,
  log,
  tickMs,
  now = () => new Date(),
}: SchedulerOptions): ReminderScheduler {
  let running: Promise<number> | null = null;
  let stopped = false;

  /** Learners who could get a push at all: a schedule, notifications on, a device of a live session. */
  async function candidates() {
    const rows = await db
      .selectDistinct({ id: users.id, timezone: users.timezone, locale: users.locale })
      .from(users)
      .innerJoin(schedules, eq(schedules.userId, users.id))
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, users.id))
      .innerJoin(sessions, and(eq(sessions.id, pushSubscriptions.sessionId), isNull(sessions.revokedAt)))
      .where(and(eq(users.disableNotification, 0), ne(users.status, 0)));
    return rows;
  }

  async function sendTo(userId: number, language: Language, minute: number) {
    const devices = await db
      .select({
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .innerJoin(sessions, and(eq(sessions.id, pushSubscriptions.sessionId), isNull(sessions.revokedAt)))
      .where(eq(pushSubscriptions.userId, userId));
    const message = {
      title: translate(language, 'reminderPushTitle'),
      body: translate(language, 'reminderPushBody', { time: timeOfMinute(minute) }),
      url: 'home',
    };
    for (const device of devices) {
      // One device's failure (keys stored before they were checked make the encryption throw) must
      // not cost the learner's other devices, or the learners after them in the tick, their reminder:
      // the slot is already claimed, so what is not sent now is never sent.
      try {
        const outcome = await push.send(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          message,
        );
        if (outcome === 'gone') await deleteSubscriptionById(db, device.id);
      } catch (error) {
        log.error(`reminder push to subscription ${device.id} failed`, error);
      }
    }
  }

  async function runTick(): Promise<number> {
    const instant = now();
    let claimed = 0;
    for (const learner of await candidates()) {
      const slots = dueSlots(instant, zoneOf(learner.timezone));
      const weekdays = [...new Set(slots.map((slot) => slot.weekday))];
      const planned = await db
        .select({ weekday: schedules.weekday, minute: schedules.minuteOfDay })
        .from(schedules)
        .where(and(eq(schedules.userId, learner.id), inArray(schedules.weekday, weekdays)));
      for (const slot of slots) {
        if (!planned.some((row) => row.weekday === slot.weekday && row.minute === slot.minute)) continue;
        // Insert first: only the tick whose insert lands sends, so the reminder goes out once.
        const claim = await db
          .insert(reminderDeliveries)
          .values({ userId: learner.id, localDate: slot.date, minuteOfDay: slot.minute })
          .onConflictDoNothing()
          .returning({ id: reminderDeliveries.id });
        if (claim.length === 0) continue;
        claimed += 1;
        await sendTo(learner.id, languageOf(learner.locale), slot.minute);
      }
    }
    return claimed;
  }

  /** Ticks never overlap: a tick asked for while one runs waits for it and runs after. */
  async function tick(): Promise<number> {
    while (running) await running.catch(() => undefined);
    running = runTick();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  const timer =
    tickMs > 0
      ? setInterval(() => {
          if (stopped || running) return;
          tick().catch((error) => log.error('reminder tick failed', error));
        }, tickMs)
      : null;
  timer?.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
