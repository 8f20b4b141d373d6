/**
 * The reminders page (/user/settings/reminders; content spec: "Reminder settings (daily, weekdays,
 * weekend)", GET /schedule): the learner's reminders, each a time with the weekdays it repeats on,
 * read fresh from the server. A failed load shows the error and can be retried. Where the brand
 * offers no reminders (`offersReminders`: they come only by push) nothing is read: the page says so.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Reminder } from '../../src/domain/reminders';
import { type RequestError, toRequestError } from '../../src/domain/requestError';
import { loadFailedState, type NetworkReturnedEvent, networkReturn } from '../common/networkReturn';
import { unprovided } from '../common/unprovided';

export type RemindersEvent = { type: 'REMINDERS.RETRY' } | NetworkReturnedEvent;

export type RemindersInput = {
  /** The brand's `offersReminders`. */
  offered: boolean;
};

export const remindersMachine = setup({
  types: {
    context: {} as RemindersInput & { reminders: Reminder[]; error: RequestError | null },
    events: {} as RemindersEvent,
    input: {} as RemindersInput,
  },
  actors: {
    loadReminders: fromPromise<Reminder[]>(unprovided),
    networkReturn,
  },
  guards: {
    isOffered: ({ context }) => context.offered,
  },
}).createMachine({
  id: 'reminders',
  context: ({ input }) => ({ offered: input.offered, reminders: [], error: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isOffered', target: 'loading' }, { target: 'notOffered' }],
    },
    /** The brand sends no reminders: nothing to load or set. */
    notOffered: {},
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
    failed: loadFailedState('REMINDERS.RETRY', 'loading'),
  },
});
