/**
 * One reminder, new (/user/settings/reminders/new) or edited (/user/settings/reminders/{id}, the id
 * being its time, "0830"). The schedule is read first (PUT /schedule/update replaces it whole, so a
 * save sends every reminder); a missing id shows that the reminder is gone. The learner sets the time
 * and the repeat: daily, weekdays, weekend, or custom weekdays. Saving checks the time, that some day
 * is chosen and the daily limit; delete asks to confirm. Both go back to the list once the server has
 * the schedule; a failed save or delete keeps the form with the reason. Where the brand offers no
 * reminders (`offersReminders`: they come only by push) nothing is read or set: the page says so.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  exceedsDailyLimit,
  isReminderTime,
  PRESET_DAYS,
  presetOf,
  type Reminder,
  type ReminderPreset,
  type Weekday,
  withoutReminder,
  withReminder,
} from '../../src/domain/reminders';
import { type RequestError, toRequestError } from '../../src/domain/requestError';
import { loadFailedState, type NetworkReturnedEvent, networkReturn } from '../common/networkReturn';
import { unprovided } from '../common/unprovided';
import { formErrorFrom } from '../forms/formSupport';

/** The schedule's own reason when the server refused it (a 422 on repeatDays), else the form's. */
const saveErrorFrom = (error: unknown): string =>
  toRequestError(error).fieldErrors.repeatDays?.[0] ?? formErrorFrom(error);

export type ReminderFormInput = {
  /** The edited reminder's time ("08:30"), or null for a new one. */
  editing: string | null;
  /** The brand's `offersReminders`: without it there is no form, only the page saying so. */
  offered: boolean;
};

/** What keeps the form from being saved. */
export type ReminderProblem = 'time' | 'days' | 'limit';

export type ReminderFormContext = ReminderFormInput & {
  reminders: Reminder[];
  time: string;
  preset: ReminderPreset;
  days: Weekday[];
  problem: ReminderProblem | null;
  /** The server's message for a failed save or delete (already translated), or GENERIC_ERROR. */
  formError: string | null;
  loadError: RequestError | null;
};

export type ReminderFormEvent =
  | { type: 'REMINDER.TIME'; time: string }
  | { type: 'REMINDER.PRESET'; preset: ReminderPreset }
  | { type: 'REMINDER.DAY'; day: Weekday }
  | { type: 'REMINDER.SAVE' }
  | { type: 'REMINDER.DELETE' }
  | { type: 'REMINDER.DELETE_CONFIRM' }
  | { type: 'REMINDER.DELETE_CANCEL' }
  | { type: 'REMINDER.RETRY' }
  | NetworkReturnedEvent;

/** A new reminder starts at a common time, every day. */
export const NEW_REMINDER: Reminder = { time: '09:00', days: PRESET_DAYS.daily };

const problemOf = (context: ReminderFormContext): ReminderProblem | null => {
  if (!isReminderTime(context.time)) return 'time';
  if (context.days.length === 0) return 'days';
  if (exceedsDailyLimit(context.reminders, context.time, context.days, context.editing)) return 'limit';
  return null;
};

const toggled = (days: readonly Weekday[], day: Weekday): Weekday[] =>
  (days.includes(day) ? days.filter((item) => item !== day) : [...days, day]).sort((a, b) => a - b);

export const reminderFormMachine = setup({
  types: {
    context: {} as ReminderFormContext,
    events: {} as ReminderFormEvent,
    input: {} as ReminderFormInput,
  },
  actors: {
    loadReminders: fromPromise<Reminder[]>(unprovided),
    saveReminders: fromPromise<Reminder[], { reminders: Reminder[] }>(unprovided),
    networkReturn,
  },
  actions: {
    goToList: () => {},
  },
  guards: {
    isMissing: ({ context }, params: { reminders: Reminder[] }) =>
      context.editing !== null && !params.reminders.some((item) => item.time === context.editing),
    isValid: ({ context }) => problemOf(context) === null,
    isEditing: ({ context }) => context.editing !== null,
    isOffered: ({ context }) => context.offered,
  },
}).createMachine({
  id: 'reminderForm',
  context: ({ input }) => ({
    ...input,
    reminders: [],
    time: input.editing ?? NEW_REMINDER.time,
    preset: presetOf(NEW_REMINDER.days),
    days: [...NEW_REMINDER.days],
    problem: null,
    formError: null,
    loadError: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isOffered', target: 'loading' }, { target: 'notOffered' }],
    },
    /** The brand sends no reminders: a reminder set here would never come. */
    notOffered: {},
    loading: {
      invoke: {
        id: 'loadReminders',
        src: 'loadReminders',
        onDone: [
          {
            guard: { type: 'isMissing', params: ({ event }) => ({ reminders: event.output }) },
            target: 'missing',
            actions: assign({ reminders: ({ event }) => event.output }),
          },
          {
            target: 'editing',
            actions: assign(({ context, event }) => {
              const found = event.output.find((item) => item.time === context.editing);
              const days = [...(found?.days ?? NEW_REMINDER.days)];
              return { reminders: event.output, days, preset: presetOf(days), loadError: null };
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ loadError: ({ event }) => toRequestError(event.error) }),
        },
      },
    },
    failed: loadFailedState('REMINDER.RETRY', 'loading'),
    /** The id names no reminder (deleted elsewhere, or a made-up address). */
    missing: {},
    editing: {
      on: {
        'REMINDER.TIME': {
          actions: assign({ time: ({ event }) => event.time, problem: null, formError: null }),
        },
        'REMINDER.PRESET': {
          actions: assign(({ context, event }) => ({
            preset: event.preset,
            // Custom starts from the days chosen so far; a preset sets its own.
            days: event.preset === 'custom' ? context.days : [...PRESET_DAYS[event.preset]],
            problem: null,
            formError: null,
          })),
        },
        'REMINDER.DAY': {
          actions: assign(({ context, event }) => ({
            preset: 'custom' as const,
            days: toggled(context.days, event.day),
            problem: null,
            formError: null,
          })),
        },
        'REMINDER.SAVE': [
          { guard: 'isValid', target: 'saving', actions: assign({ problem: null, formError: null }) },
          { actions: assign({ problem: ({ context }) => problemOf(context) }) },
        ],
        'REMINDER.DELETE': {
          guard: 'isEditing',
          target: 'confirmingDelete',
          actions: assign({ formError: null }),
        },
      },
    },
    confirmingDelete: {
      on: {
        'REMINDER.DELETE_CONFIRM': 'deleting',
        'REMINDER.DELETE_CANCEL': 'editing',
      },
    },
    saving: {
      invoke: {
        id: 'saveReminders',
        src: 'saveReminders',
        input: ({ context }) => ({
          reminders: withReminder(
            context.reminders,
            { time: context.time, days: context.days },
            context.editing,
          ),
        }),
        onDone: { target: 'done', actions: assign({ reminders: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({ formError: ({ event }) => saveErrorFrom(event.error) }),
        },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteReminder',
        src: 'saveReminders',
        input: ({ context }) => ({ reminders: withoutReminder(context.reminders, context.editing ?? '') }),
        onDone: { target: 'done', actions: assign({ reminders: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({ formError: ({ event }) => saveErrorFrom(event.error) }),
        },
      },
    },
    done: {
      type: 'final',
      entry: 'goToList',
    },
  },
});
