/**
 * /logout: revokes the session on the server, then clears everything local and goes to login.
 * A failed revoke (offline, already revoked) does not keep the user signed in.
 */
import { fromPromise, setup } from 'xstate';

export const logoutMachine = setup({
  actors: {
    revokeSession: fromPromise<void>(async () => {
      throw new Error('revokeSession actor must be provided');
    }),
  },
  actions: {
    clearStores: () => {},
    removePushUserId: () => {},
    rememberReturnUrl: () => {},
    endSession: () => {},
    goToLogin: () => {},
  },
}).createMachine({
  id: 'logout',
  initial: 'revoking',
  states: {
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
