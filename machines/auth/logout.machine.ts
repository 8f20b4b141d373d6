/**
 * /logout: lets the statistics queue send what it holds (for a bounded time), revokes the session on
 * the server, then clears everything local and goes to login. A failed revoke (offline, already
 * revoked) does not keep the user signed in. Statistics that could not be sent stay stored under the
 * learner and go out at the learner's next sign-in, never under another account (the offline issue).
 */
import { fromPromise, setup } from 'xstate';
import { STATISTICS_FLUSH_BOUND_MS } from '../../src/domain/statisticsQueue';

export const logoutMachine = setup({
  actors: {
    /** Resolves when the queue is empty; signing out never waits longer than the bound. */
    flushStatistics: fromPromise<void>(async () => {
      throw new Error('flushStatistics actor must be provided');
    }),
    revokeSession: fromPromise<void>(async () => {
      throw new Error('revokeSession actor must be provided');
    }),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    clearStores: () => {},
    removePushUserId: () => {},
    rememberReturnUrl: () => {},
    endSession: () => {},
    goToLogin: () => {},
  },
  delays: {
    flushBound: STATISTICS_FLUSH_BOUND_MS,
  },
}).createMachine({
  id: 'logout',
  initial: 'sendingStatistics',
  states: {
    // Before the token is revoked: afterwards nothing could be sent under it.
    sendingStatistics: {
      invoke: {
        id: 'flushStatistics',
        src: 'flushStatistics',
        onDone: 'revoking',
        onError: {
          target: 'revoking',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      after: { flushBound: 'revoking' },
    },
    revoking: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        onDone: 'done',
        onError: 'done',
      },
    },
    done: {
      type: 'final',
      entry: ['clearStores', 'removePushUserId', 'rememberReturnUrl', 'endSession', 'goToLogin'],
    },
  },
});
