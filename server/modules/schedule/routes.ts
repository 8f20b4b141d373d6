import * as v from 'valibot';
import { isReminderTime, MAX_REMINDERS_PER_DAY, type Weekday } from '../../../src/domain/reminders';
import { brandOffers } from '../../http/brand-flag';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';
import type { MessageKey } from '../../infra/i18n';
import { readSchedule, replaceSchedule } from './queries';
import { WireSchedule } from './wire';

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
const WEEKDAY_KEYS: ReadonlySet<string> = new Set(WEEKDAYS);
const WeekdayKey = v.picklist(WEEKDAYS, 'repeatDays' satisfies MessageKey);

const DayTimes = v.pipe(
  v.array(
    v.pipe(
      v.string('reminderTime' satisfies MessageKey),
      v.check(isReminderTime, 'reminderTime' satisfies MessageKey),
    ),
    'repeatDays' satisfies MessageKey,
  ),
  v.maxLength(MAX_REMINDERS_PER_DAY, 'reminderTooMany' satisfies MessageKey),
  v.check((times) => new Set(times).size === times.length, 'reminderDuplicate' satisfies MessageKey),
);

const ScheduleBody = v.object({
  repeatDays: v.pipe(
    v.unknown(),
    // valibot's record takes an array as an object without keys: `[]` would clear every reminder.
    v.check((days) => !Array.isArray(days), 'repeatDays' satisfies MessageKey),
    // valibot's record skips the keys `__proto__`, `prototype` and `constructor` without an issue, so
    // `{"__proto__": [...]}` would read as `{}` and clear every reminder: every own key is checked here.
    v.check(
      (days) =>
        typeof days !== 'object' ||
        days === null ||
        Reflect.ownKeys(days).every((key) => typeof key === 'string' && WEEKDAY_KEYS.has(key)),
      'repeatDays' satisfies MessageKey,
    ),
    v.record(WeekdayKey, DayTimes, 'repeatDays' satisfies MessageKey),
  ),
});

/**
 * Reminders reach a learner by push alone (docs/ARCHITECTURE.md, "Reminders and push"): a brand without
 * `isPushSupport` sends none, its app says so, and `POST /push-subscriptions` refuses it alike. A
 * schedule stored there would promise reminders that never come, so a change is refused (403) before
 * the body is read; the read stays open (it answers what is kept, empty unless stored elsewhere).
 */
const remindersOffered = brandOffers('isPushSupport', 'remindersClosed');

/** The learner's weekly reminder times (docs/API.md, "Reminders"); delivered as web push by the scheduler. */
export const scheduleModule: ApiModule = {
  tag: 'schedule',
  description: "The learner's reminder schedule: weekdays and the times to be reminded on each.",
  routes: [
    route({
      method: 'get',
      path: '/schedule',
      summary: "The learner's reminder schedule",
      access: 'session',
      learnerData: true,
      answer: dataAnswer(WireSchedule),
      async handle(c, { auth }, { db }) {
        return sendData(c, { repeatDays: await readSchedule(db, auth.user.id) });
      },
    }),

    route({
      method: 'put',
      path: '/schedule/update',
      summary: 'Replace the whole reminder schedule',
      description:
        'Weekdays left out have no reminders afterwards. At most 10 distinct times a day. ' +
        'Refused (403) on a brand whose flags say it sends no push (`isPushSupport`): reminders come only by push.',
      access: 'session',
      learnerData: true,
      precondition: remindersOffered,
      body: ScheduleBody,
      answer: dataAnswer(WireSchedule),
      refusals: [403],
      async handle(c, { body, auth }, { db }) {
        const days: Partial<Record<Weekday, string[]>> = {};
        for (const [day, times] of Object.entries(body.repeatDays)) days[Number(day) as Weekday] = times;
        await replaceSchedule(db, auth.user.id, days);
        return sendData(c, { repeatDays: await readSchedule(db, auth.user.id) });
      },
    }),
  ],
};
