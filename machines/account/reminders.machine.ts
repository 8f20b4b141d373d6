/**
 * The reminders page (/user/settings/reminders; content spec: "Reminder settings (daily, weekdays,
 * weekend)", GET /schedule): the learner's reminders, each a time with the weekdays it repeats on,
 * read fresh from the server. A failed load shows the error and can be retried.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Reminder } from '../../src/domain/reminders';
import { type RequestError, toRequestError } from '../../src/domain/requestError';

export type RemindersEvent = { type: 'REMINDERS.RETRY' };

export const remindersMachine = setup({
  types: {
    context: {} as { reminders: Reminder[]; error: RequestError | null },
    events: {} as RemindersEvent,
  },
  actors: {
    loadReminders: fromPromise<Reminder[]>(async () => {
      throw new Error('loadReminders actor must be provided');
    }),
  },
}).createMachine({
  id: 'reminders',
  context: { reminders: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadReminders',
        src: 'loadReminders',
        onDone: {
          target: 'loaded',
          actions: assign({ reminders: ({ event }) => event.output, error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    loaded: {},
    failed: {
      on: { 'REMINDERS.RETRY': 'loading' },
    },
  },
});
