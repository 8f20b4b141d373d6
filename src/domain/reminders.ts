/**
 * Reminder schedule (content spec: "repeatDays, mapping a weekday to a list of times"). On the wire a
 * weekday is an ISO number, Monday 1 … Sunday 7, and a time is "HH:MM" in the learner's own time zone.
 * The app shows the same data the other way round: one reminder per time, with the set of weekdays
 * it repeats on. These rules are shared by the app and the server.
 */

import type { BrandConfig } from '../../brands/schema';

/**
 * Reminders reach the learner only as push notifications (the server's scheduler pushes them and
 * sends nothing else), so a brand without push support offers none: a schedule kept there would
 * never be delivered.
 */
export const offersReminders = (brand: Pick<BrandConfig, 'flags'>): boolean => brand.flags.isPushSupport;

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** At most this many times on one weekday. */
export const MAX_REMINDERS_PER_DAY = 10;

/** weekday → sorted "HH:MM" times; a weekday without reminders is absent or empty. */
export type RepeatDays = Partial<Record<Weekday, readonly string[]>>;

/** One reminder as the app shows it: a time and the weekdays it repeats on. */
export type Reminder = { time: string; days: readonly Weekday[] };

export type ReminderPreset = 'daily' | 'weekdays' | 'weekend' | 'custom';

export const PRESET_DAYS: Record<Exclude<ReminderPreset, 'custom'>, readonly Weekday[]> = {
  daily: [1, 2, 3, 4, 5, 6, 7],
  weekdays: [1, 2, 3, 4, 5],
  weekend: [6, 7],
};

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isReminderTime = (value: string): boolean => TIME.test(value);

export const isWeekday = (value: number): value is Weekday =>
  Number.isInteger(value) && value >= 1 && value <= 7;

/** "08:30" → 510; the time must be valid. */
export function minuteOfDay(time: string): number {
  const match = TIME.exec(time);
  if (!match) throw new Error(`not a reminder time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 510 → "08:30". */
export const timeOfMinute = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The reminder's id in the page address: its time without the colon ("0830"), stable while it exists. */
export const reminderId = (time: string): string => time.replace(':', '');

/** "0830" → "08:30", or null when the id names no valid time. */
export function timeOfReminderId(id: string): string | null {
  const time = `${id.slice(0, 2)}:${id.slice(2)}`;
  return id.length === 4 && isReminderTime(time) ? time : null;
}

const sortDays = (days: Iterable<Weekday>): Weekday[] => [...new Set(days)].sort((a, b) => a - b);

/** The preset a set of weekdays matches, else custom. */
export function presetOf(days: readonly Weekday[]): ReminderPreset {
  const key = sortDays(days).join();
  for (const [preset, presetDays] of Object.entries(PRESET_DAYS)) {
    if (presetDays.join() === key) return preset as ReminderPreset;
  }
  return 'custom';
}

/** The schedule as reminders, one per time, earliest first. */
export function remindersOf(repeatDays: RepeatDays): Reminder[] {
  const byTime = new Map<string, Weekday[]>();
  for (const day of WEEKDAYS) {
    for (const time of repeatDays[day] ?? []) byTime.set(time, [...(byTime.get(time) ?? []), day]);
  }
  return [...byTime.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([time, days]) => ({ time, days: sortDays(days) }));
}

/** Reminders back to the wire form: every weekday present, its times sorted. */
export function repeatDaysOf(reminders: readonly Reminder[]): Record<Weekday, string[]> {
  const result = Object.fromEntries(WEEKDAYS.map((day) => [day, [] as string[]])) as Record<
    Weekday,
    string[]
  >;
  for (const reminder of reminders) {
    for (const day of sortDays(reminder.days)) {
      if (!result[day].includes(reminder.time)) result[day].push(reminder.time);
    }
  }
  for (const day of WEEKDAYS) result[day].sort();
  return result;
}

/**
 * The other reminder a reminder saved at `time` joins (see `withReminder`), if there is one: the
 * reminder being edited (`replacing`) is not another.
 */
export const reminderJoinedAt = (
  reminders: readonly Reminder[],
  time: string,
  replacing: string | null,
): Reminder | undefined => reminders.find((item) => item.time === time && item.time !== replacing);

/**
 * The schedule after saving `reminder`, which replaces the one at `replacing` (an edit; null when it
 * is new). A reminder saved at a time that another reminder already has joins it: that time then
 * repeats on the weekdays of both, so adding "08:00 on Saturday" beside "08:00 on weekdays" keeps the
 * weekdays rather than dropping them.
 */
export function withReminder(
  reminders: readonly Reminder[],
  reminder: Reminder,
  replacing: string | null,
): Reminder[] {
  const joined = reminderJoinedAt(reminders, reminder.time, replacing);
  const others = reminders.filter((item) => item.time !== replacing && item.time !== reminder.time);
  const days = sortDays([...reminder.days, ...(joined?.days ?? [])]);
  return [...others, { time: reminder.time, days }].sort((a, b) => a.time.localeCompare(b.time));
}

export const withoutReminder = (reminders: readonly Reminder[], time: string): Reminder[] =>
  reminders.filter((item) => item.time !== time);

/**
 * Whether saving a reminder at `time` on `days` would put more than the daily limit of times on one
 * of those weekdays. The reminder being edited (`replacing`) does not count, nor does one already at
 * `time` on that weekday: the saved reminder joins it instead of adding a time.
 */
export function exceedsDailyLimit(
  reminders: readonly Reminder[],
  time: string,
  days: readonly Weekday[],
  replacing: string | null,
): boolean {
  return days.some((day) => {
    const times = reminders.filter((item) => item.time !== replacing && item.days.includes(day));
    return !times.some((item) => item.time === time) && times.length >= MAX_REMINDERS_PER_DAY;
  });
}
