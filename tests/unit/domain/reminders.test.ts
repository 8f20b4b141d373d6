import { describe, expect, it } from 'vitest';
import { brightpath } from '../../../brands/brightpath';
import { kite } from '../../../brands/kite';
import {
  exceedsDailyLimit,
  isReminderTime,
  MAX_REMINDERS_PER_DAY,
  minuteOfDay,
  offersReminders,
  presetOf,
  type Reminder,
  reminderId,
  reminderJoinedAt,
  remindersOf,
  repeatDaysOf,
  timeOfMinute,
  timeOfReminderId,
  withoutReminder,
  withReminder,
} from '../../../src/domain/reminders';

describe('reminder times', () => {
  it('takes HH:MM from 00:00 to 23:59 only', () => {
    expect(['00:00', '08:30', '23:59'].every(isReminderTime)).toBe(true);
    expect(['24:00', '8:30', '08:60', '0830', ' 08:30', ''].some(isReminderTime)).toBe(false);
  });

  it('turns times into minutes of the day and back', () => {
    expect(minuteOfDay('08:30')).toBe(510);
    expect(timeOfMinute(510)).toBe('08:30');
    expect(timeOfMinute(0)).toBe('00:00');
    expect(() => minuteOfDay('25:00')).toThrow();
  });

  it('names a reminder in the address by its time', () => {
    expect(reminderId('08:30')).toBe('0830');
    expect(timeOfReminderId('0830')).toBe('08:30');
    expect(timeOfReminderId('2460')).toBeNull();
    expect(timeOfReminderId('new')).toBeNull();
  });
});

describe('presets', () => {
  it('recognises daily, weekdays and weekend in any order, and calls the rest custom', () => {
    expect(presetOf([7, 6, 5, 4, 3, 2, 1])).toBe('daily');
    expect(presetOf([5, 1, 2, 3, 4])).toBe('weekdays');
    expect(presetOf([7, 6])).toBe('weekend');
    expect(presetOf([1, 3, 5])).toBe('custom');
    expect(presetOf([])).toBe('custom');
  });
});

describe('schedule ↔ reminders', () => {
  const repeatDays = { 1: ['08:30', '20:00'], 2: ['08:30'], 6: ['10:00'], 7: ['10:00'] };
  const reminders: Reminder[] = [
    { time: '08:30', days: [1, 2] },
    { time: '10:00', days: [6, 7] },
    { time: '20:00', days: [1] },
  ];

  it('groups the weekdays of each time, earliest first', () => {
    expect(remindersOf(repeatDays)).toEqual(reminders);
    expect(remindersOf({})).toEqual([]);
  });

  it('spreads reminders back over every weekday, times sorted', () => {
    expect(repeatDaysOf(reminders)).toEqual({ ...{ 3: [], 4: [], 5: [] }, ...repeatDays });
  });

  it('names the other reminder one saved at a time joins, never the one being edited', () => {
    expect(reminderJoinedAt(reminders, '10:00', null)).toEqual(reminders[1]);
    expect(reminderJoinedAt(reminders, '10:00', '20:00')).toEqual(reminders[1]);
    expect(reminderJoinedAt(reminders, '10:00', '10:00')).toBeUndefined();
    expect(reminderJoinedAt(reminders, '11:00', null)).toBeUndefined();
  });

  it('replaces the edited reminder, and merges one saved at a time that exists', () => {
    expect(withReminder(reminders, { time: '07:00', days: [3] }, '20:00')).toEqual([
      { time: '07:00', days: [3] },
      reminders[0],
      reminders[1],
    ]);
    expect(withReminder(reminders, { time: '10:00', days: [5, 1] }, null)).toEqual([
      reminders[0],
      { time: '10:00', days: [1, 5, 6, 7] },
      reminders[2],
    ]);
    // An edit moved onto another reminder's time joins it; an edit at its own time sets its days.
    expect(withReminder(reminders, { time: '08:30', days: [4] }, '20:00')).toEqual([
      { time: '08:30', days: [1, 2, 4] },
      reminders[1],
    ]);
    expect(withReminder(reminders, { time: '10:00', days: [6] }, '10:00')).toEqual([
      reminders[0],
      { time: '10:00', days: [6] },
      reminders[2],
    ]);
    expect(withoutReminder(reminders, '10:00')).toEqual([reminders[0], reminders[2]]);
  });

  it('counts the daily limit without the reminder being edited', () => {
    const full: Reminder[] = Array.from({ length: MAX_REMINDERS_PER_DAY }, (_, i) => ({
      time: timeOfMinute(i * 60),
      days: [1],
    }));
    expect(exceedsDailyLimit(full, '23:00', [1], null)).toBe(true);
    expect(exceedsDailyLimit(full, '23:00', [2], null)).toBe(false);
    expect(exceedsDailyLimit(full, '23:00', [1], '00:00')).toBe(false);
    // A time the day already has adds nothing to it.
    expect(exceedsDailyLimit(full, '01:00', [1, 2], null)).toBe(false);
  });
});

describe('offersReminders', () => {
  it('offers reminders only where the brand can push them, their one way to the learner', () => {
    expect(offersReminders(brightpath)).toBe(true);
    expect(offersReminders(kite)).toBe(false);
    expect(offersReminders({ flags: { ...brightpath.flags, isPushSupport: false } })).toBe(false);
  });
});
