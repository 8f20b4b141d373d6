import * as v from 'valibot';
import { WEEKDAYS } from '../../../src/domain/reminders';

const Times = v.array(v.string());

/** The reminder schedule: ISO weekday ("1" Monday … "7" Sunday) → its "HH:MM" times, every weekday present. */
export const WireSchedule = v.object({
  repeatDays: v.object(
    Object.fromEntries(WEEKDAYS.map((day) => [String(day), Times])) as Record<'1', typeof Times>,
  ),
});
