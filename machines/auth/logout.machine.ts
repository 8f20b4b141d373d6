/**
 * /logout: lets the statistics queue send what it holds (for a bounded time), revokes the session on
 * the server, then clears everything local and goes to login. A failed revoke (offline, already
 * revoked) or one unanswered for REVOKE_BOUND_MS does not keep the user signed in. Statistics that could not be sent stay stored under the
 * learner and go out at the learner's next sign-in, never under another account (the offline issue).
 */
import { fromPromise, setup } from 'xstate';
import { STATISTICS_FLUSH_BOUND_MS } from '../../src/domain/statisticsQueue';
import { unprovided } from '../common/unprovided';

/** How long signing out waits for the server to revoke the session before it goes on without it. */
export const REVOKE_BOUND_MS = 5_000;

export const logoutMachine = setup({
  actors: {
    /** Resolves when the queue is empty; signing out never waits longer than the bound. */
    flushStatistics: fromPromise<void>(unprovided),
    revokeSession: fromPromise<void>(unprovided),
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
    revokeBound: REVOKE_BOUND_MS,
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
      // A network that never answers must not keep the learner on "Signing out…".
      after: { revokeBound: 'done' },
    },
    done: {
      type: 'final',
      entry: ['clearStores', 'removePushUserId', 'rememberReturnUrl', 'endSession', 'goToLogin'],
    },
  },
});
