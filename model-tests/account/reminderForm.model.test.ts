import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  type ReminderFormContext,
  type ReminderFormInput,
  reminderFormMachine,
} from '../../machines/account/reminderForm.machine';
import { MAX_REMINDERS_PER_DAY, type Reminder } from '../../src/domain/reminders';
import { ReminderFormView } from '../../src/features/account/reminders/ReminderFormScreen';
import { done, failed, networkError, networkReturned, requestError, session } from '../fixtures';
import { shownFormError } from '../formErrorTexts';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { button, fieldValue, hasButton, notice } from '../screenQueries';
import { typeSegments } from '../segmentedFields';
import { click, networkReturns, type UserAction } from '../userActions';

// The app loads the time field on demand; here the screen has it from its first render.
vi.mock('../../src/ui/lazyDateFields', () => import('../../src/ui/dates/TimeInputField'));

const newReminder: ReminderFormInput = { editing: null, offered: true };
const editing: ReminderFormInput = { editing: '07:15', offered: true };
/** An address whose reminder is not in the schedule (deleted on another device). */
const gone: ReminderFormInput = { editing: '12:00', offered: true };
/** A brand without push: its reminders would never come. */
const withoutPush: ReminderFormInput = { editing: null, offered: false };

const schedule: Reminder[] = [
  { time: '07:15', days: [1, 2, 3, 4, 5] },
  { time: '21:30', days: [1, 3, 5] },
];
/** Every day already has the most reminders a day can have. */
const fullSchedule: Reminder[] = Array.from({ length: MAX_REMINDERS_PER_DAY }, (_, hour) => ({
  time: `${String(hour + 7).padStart(2, '0')}:15`,
  days: [1, 2, 3, 4, 5, 6, 7],
}));
const refusedByServer = requestError(422, 'Please check the highlighted fields.', {
  repeatDays: ['At most 10 reminders a day.'],
});

const DELETE_DIALOG = 'Delete this reminder?';
const PRESET_NAMES: Record<string, string> = {
  daily: 'Daily',
  weekdays: 'Weekdays',
  weekend: 'Weekend',
  custom: 'Custom',
};
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const PROBLEMS = {
  time: 'Enter a time from 00:00 to 23:59.',
  days: 'Choose at least one day.',
  limit: 'A day can have at most 10 reminders.',
};

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ReminderFormContext;
const timeField = () => screen.getByRole('group', { name: 'Time' });

/** The time field: its hour and minute typed (on the interface language's clock), or cleared. */
const setTime: UserAction = {
  words: (event) => `the user sets “Time” to “${String(event.time)}”`,
  control: () => timeField(),
  perform: (user, event) => typeSegments(user, timeField(), String(event.time)),
};

const choosePreset: UserAction = {
  words: (event) => `the user chooses “${PRESET_NAMES[event.preset] ?? ''}” under “Repeat”`,
  control: (event) => screen.getByRole('radio', { name: PRESET_NAMES[event.preset] ?? '' }),
  perform: (user, event) => user.click(screen.getByRole('radio', { name: PRESET_NAMES[event.preset] ?? '' })),
};

const dayName = (event: AnyEventObject) => DAY_NAMES[(event.day as number) - 1] ?? '';
const toggleDay: UserAction = {
  words: (event) => `the user ticks or unticks “${dayName(event)}”`,
  control: (event) => screen.getByRole('checkbox', { name: dayName(event) }),
  perform: (user, event) => user.click(screen.getByRole('checkbox', { name: dayName(event) })),
  // The days show only for a custom repeat.
  blockedWhen: (snapshot) => contextOf(snapshot).preset !== 'custom',
};

const spec = {
  machine: reminderFormMachine,
  spec: 'Content spec §2 settingsReminderNew and settingsReminderUpdate (daily, weekdays, weekend); §3 repeatDays; §7 PUT /schedule/update {repeatDays}',
  inputs: [newReminder, editing, gone, withoutPush],
  screen: {
    view: ReminderFormView,
    setting: { path: '/user/settings/reminders/new', session },
    actions: {
      'REMINDER.TIME': setTime,
      'REMINDER.PRESET': choosePreset,
      'REMINDER.DAY': toggleDay,
      'REMINDER.SAVE': click('Save'),
      'REMINDER.DELETE': click('Delete', {
        blockedWhen: (snapshot: AnyMachineSnapshot) => contextOf(snapshot).editing === null,
      }),
      'REMINDER.DELETE_CONFIRM': click('Delete', { within: DELETE_DIALOG }),
      'REMINDER.DELETE_CANCEL': click('Cancel', { within: DELETE_DIALOG }),
      'REMINDER.RETRY': click('Try again'),
      'NETWORK.RETURNED': networkReturns,
    },
    sees: [
      {
        see: (snapshot: AnyMachineSnapshot) => {
          const title = contextOf(snapshot).editing === null ? 'New reminder' : 'Edit reminder';
          expect(screen.getByRole('heading', { name: title, level: 1 })).toBeTruthy();
          if (snapshot.matches('notOffered')) return;
          expect(screen.getByRole('link', { name: 'Back to reminders' }).getAttribute('href')).toBe(
            '/user/settings/reminders',
          );
        },
      },
      {
        state: 'notOffered',
        see: () => {
          expect(notice()).toBe('This app does not send reminders.');
          expect(screen.queryByLabelText('Time')).toBeNull();
          expect(hasButton('Save')).toBe(false);
          expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe(
            '/user/settings/notifications',
          );
        },
      },
      {
        state: 'loading',
        see: () => {
          expect(screen.getByRole('status').textContent).toBe('Loading your reminders…');
          expect(screen.queryByLabelText('Time')).toBeNull();
        },
      },
      { state: 'failed', see: () => expect(notice()).toBe('Failed to load your reminders.') },
      {
        state: 'missing',
        see: () => {
          expect(notice()).toBe('This reminder no longer exists.');
          expect(screen.queryByLabelText('Time')).toBeNull();
        },
      },
      {
        state: 'editing',
        see: (snapshot: AnyMachineSnapshot) => {
          const context = contextOf(snapshot);
          expect(fieldValue('Time')).toBe(context.time);
          const checked = screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked);
          expect(checked.map((radio) => radio.closest('label')?.textContent)).toEqual([
            PRESET_NAMES[context.preset],
          ]);
          const ticked = screen
            .queryAllByRole('checkbox')
            .filter((box) => (box as HTMLInputElement).checked)
            .map((box) => box.closest('label')?.textContent);
          expect(ticked).toEqual(
            context.preset === 'custom' ? context.days.map((day) => DAY_NAMES[day - 1]) : [],
          );
          const problem = context.problem ? PROBLEMS[context.problem] : null;
          expect(
            screen.queryByText(/^(Enter a time|Choose at least|A day can have)/)?.textContent ?? null,
          ).toBe(problem);
          expect(notice()).toBe(shownFormError(context.formError));
          expect(screen.queryByRole('dialog')).toBeNull();
          expect(screen.queryByRole('button', { name: 'Delete' }) !== null).toBe(context.editing !== null);
        },
      },
      {
        state: 'confirmingDelete',
        see: (snapshot: AnyMachineSnapshot) => {
          expect(screen.getByRole('dialog', { name: DELETE_DIALOG }).textContent).toContain(
            `You will no longer be reminded at ${contextOf(snapshot).time}.`,
          );
        },
      },
      {
        state: 'saving',
        see: () => {
          expect(button('Save').getAttribute('aria-busy')).toBe('true');
          expect(screen.queryByRole('dialog')).toBeNull();
        },
      },
      {
        state: 'deleting',
        see: () => {
          expect(button('Delete').getAttribute('aria-busy')).toBe('true');
          expect(button('Save').disabled).toBe(true);
        },
      },
      { state: 'done', see: () => expect(screen.queryByRole('dialog')).toBeNull() },
    ],
  },
  events: [
    { type: 'REMINDER.TIME', time: '21:45' },
    { type: 'REMINDER.TIME', time: '' },
    { type: 'REMINDER.PRESET', preset: 'weekend' },
    { type: 'REMINDER.PRESET', preset: 'custom' },
    { type: 'REMINDER.DAY', day: 3 },
    { type: 'REMINDER.SAVE' },
    { type: 'REMINDER.DELETE' },
    { type: 'REMINDER.DELETE_CONFIRM' },
    { type: 'REMINDER.DELETE_CANCEL' },
    { type: 'REMINDER.RETRY' },
    networkReturned,
    done('loadReminders', schedule),
    done('loadReminders', fullSchedule),
    failed('loadReminders', networkError),
    done('saveReminders', schedule),
    failed('saveReminders', refusedByServer),
    done('deleteReminder', [schedule[1]]),
    failed('deleteReminder', networkError),
  ],
};

describeModel(spec);

describe('reminderForm', () => {
  it('saves a new weekend reminder beside the others and goes back to the list', async () => {
    const running = startMachine(spec, newReminder);
    await running.dispatch(done('loadReminders', schedule));
    expect(running.snapshot().context).toMatchObject({ time: '09:00', preset: 'daily' });
    await running.dispatch({ type: 'REMINDER.TIME', time: '10:30' });
    await running.dispatch({ type: 'REMINDER.PRESET', preset: 'weekend' });
    await running.dispatch({ type: 'REMINDER.SAVE' });
    expect(running.fakes.inputOf('saveReminders')).toEqual({
      reminders: [...schedule.slice(0, 1), { time: '10:30', days: [6, 7] }, ...schedule.slice(1)],
    });
    await running.dispatch(done('saveReminders', schedule));
    expect(running.snapshot().status).toBe('done');
    expect(running.effects.map((effect) => effect.name)).toEqual(['goToList']);
  });

  it('edits a reminder in place: a new time replaces the old one, custom days start from its days', async () => {
    const running = startMachine(spec, editing);
    await running.dispatch(done('loadReminders', schedule));
    expect(running.snapshot().context).toMatchObject({
      time: '07:15',
      preset: 'weekdays',
      days: [1, 2, 3, 4, 5],
    });
    await running.dispatch({ type: 'REMINDER.PRESET', preset: 'custom' });
    await running.dispatch({ type: 'REMINDER.DAY', day: 3 });
    await running.dispatch({ type: 'REMINDER.TIME', time: '06:50' });
    await running.dispatch({ type: 'REMINDER.SAVE' });
    expect(running.fakes.inputOf('saveReminders')).toEqual({
      reminders: [{ time: '06:50', days: [1, 2, 4, 5] }, schedule[1]],
    });
  });

  it('refuses to save without a time, without days, or past the daily limit, and calls nothing', async () => {
    const running = startMachine(spec, newReminder);
    await running.dispatch(done('loadReminders', fullSchedule));
    await running.dispatch({ type: 'REMINDER.SAVE' });
    expect(running.snapshot().context.problem).toBe('limit');
    await running.dispatch({ type: 'REMINDER.TIME', time: '' });
    await running.dispatch({ type: 'REMINDER.SAVE' });
    expect(running.snapshot().context.problem).toBe('time');
    await running.dispatch({ type: 'REMINDER.TIME', time: '05:00' });
    await running.dispatch({ type: 'REMINDER.PRESET', preset: 'custom' });
    for (const day of [1, 2, 3, 4, 5, 6, 7]) await running.dispatch({ type: 'REMINDER.DAY', day });
    await running.dispatch({ type: 'REMINDER.SAVE' });
    expect(running.snapshot().context.problem).toBe('days');
    expect(running.fakes.started.map((actor) => actor.id)).toEqual(['loadReminders']);
  });

  it('deletes after the confirmation, and keeps the form with the reason when the server refuses', async () => {
    const running = startMachine(spec, editing);
    await running.dispatch(done('loadReminders', schedule));
    await running.dispatch({ type: 'REMINDER.DELETE' });
    await running.dispatch({ type: 'REMINDER.DELETE_CONFIRM' });
    expect(running.fakes.inputOf('deleteReminder')).toEqual({ reminders: [schedule[1]] });
    await running.dispatch(failed('deleteReminder', refusedByServer));
    expect(running.snapshot().value).toBe('editing');
    expect(running.snapshot().context.formError).toBe('At most 10 reminders a day.');
  });

  it('says a reminder is gone when its id names none of the schedule', async () => {
    const running = startMachine(spec, gone);
    await running.dispatch(done('loadReminders', schedule));
    expect(running.snapshot().value).toBe('missing');
  });

  it('reads and saves nothing where the brand sends no reminders', async () => {
    const running = startMachine(spec, withoutPush);
    expect(running.snapshot().value).toBe('notOffered');
    await running.dispatch({ type: 'REMINDER.SAVE' });
    expect(running.snapshot().value).toBe('notOffered');
    expect(running.fakes.started).toEqual([]);
  });
});
