import * as v from 'valibot';
import {
  type Reminder,
  type RepeatDays,
  remindersOf,
  repeatDaysOf,
  WEEKDAYS,
  type Weekday,
} from '../domain/reminders';
import type { ApiClient } from './client';

/**
 * The reminder schedule (docs/API.md, "Reminders"): GET /schedule and PUT /schedule/update, whose
 * `repeatDays` maps an ISO weekday ("1" Monday … "7" Sunday) to its "HH:MM" times. The app works with
 * reminders (a time and its weekdays); PUT replaces the whole schedule.
 */

export const WireScheduleSchema = v.object({
  repeatDays: v.record(v.string(), v.array(v.string())),
});

function toRepeatDays(wire: v.InferOutput<typeof WireScheduleSchema>): RepeatDays {
  const days: RepeatDays = {};
  for (const day of WEEKDAYS) days[day] = wire.repeatDays[String(day)] ?? [];
  return days;
}

export async function fetchReminders(api: ApiClient): Promise<Reminder[]> {
  const { data } = await api.request(WireScheduleSchema, '/schedule');
  return remindersOf(toRepeatDays(data));
}

/** Saves the whole list; answers the schedule as the server keeps it. */
export async function saveReminders(api: ApiClient, reminders: readonly Reminder[]): Promise<Reminder[]> {
  const repeatDays = Object.fromEntries(
    Object.entries(repeatDaysOf(reminders)).map(([day, times]) => [String(day as unknown as Weekday), times]),
  );
  const { data } = await api.request(WireScheduleSchema, '/schedule/update', {
    method: 'PUT',
    body: { repeatDays },
  });
  return remindersOf(toRepeatDays(data));
}
