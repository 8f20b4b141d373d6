/**
 * /delete: the user confirms, the account is deleted (status 0), the session ends and the app goes
 * to login. A failed deletion can be retried or cancelled.
 * Refinement of the shared contract (additive): `error` holds the last failure for the dialog.
 */
import { assign, fromPromise, setup } from 'xstate';
import { type RequestError, toRequestError } from '../../src/domain/requestError';
import { unprovided } from '../common/unprovided';

export type AccountDeletionEvent = { type: 'ACCOUNT.DELETE' } | { type: 'ACCOUNT.CANCEL' };

export const accountDeletionMachine = setup({
  types: {
    context: {} as { error: RequestError | null },
    events: {} as AccountDeletionEvent,
  },
  actors: {
    deleteAccount: fromPromise<void>(unprovided),
  },
  actions: {
    clearStores: () => {},
    rememberReturnUrl: () => {},
    endSession: () => {},
    goToLogin: () => {},
  },
}).createMachine({
  id: 'accountDeletion',
  context: { error: null },
  initial: 'confirming',
  states: {
    confirming: {
      on: { 'ACCOUNT.DELETE': 'deleting', 'ACCOUNT.CANCEL': 'cancelled' },
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        onDone: 'deleted',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    failed: {
      on: { 'ACCOUNT.DELETE': 'deleting', 'ACCOUNT.CANCEL': 'cancelled' },
    },
    deleted: {
      type: 'final',
      entry: ['clearStores', 'rememberReturnUrl', 'endSession', 'goToLogin'],
    },
    cancelled: { type: 'final' },
  },
});
