/**
 * /auto-login?token&returnUrl (shell spec, section 2): ends any current session, checks the given
 * token by fetching its user, then signs in and follows the return URL. Without a token it goes to login.
 * Refinements of the shared contract (additive):
 * - The transient initial state `checking` picks the branch from the input.
 * - Named actions take params: `signIn({ token, user })`, `goToReturnUrl({ token, returnUrl })`.
 * - `error` holds the failure for the login screen's message.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RequestError } from '../../src/domain/requestError';
import { toRequestError } from '../../src/domain/requestError';
import type { User } from '../../src/domain/user';
import { unprovided } from '../common/unprovided';

export type AutoLoginInput = { token?: string | null; returnUrl?: string | null };

export type AutoLoginContext = { token: string | null; returnUrl: string | null; error: RequestError | null };

export const autoLoginMachine = setup({
  types: {
    context: {} as AutoLoginContext,
    input: {} as AutoLoginInput,
  },
  actors: {
    fetchUser: fromPromise<User, { token: string }>(unprovided),
  },
  actions: {
    endSession: () => {},
    signIn: (_, _params: { token: string; user: User }) => {},
    goToReturnUrl: (_, _params: { token: string; returnUrl: string | null }) => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
  },
}).createMachine({
  id: 'autoLogin',
  context: ({ input }) => ({
    token: input.token?.trim() || null,
    returnUrl: input.returnUrl?.trim() || null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasToken', target: 'verifying', actions: 'endSession' },
        { target: 'redirectingToLogin' },
      ],
    },
    verifying: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'succeeded',
          actions: [
            {
              type: 'signIn',
              params: ({ context, event }) => ({ token: context.token ?? '', user: event.output }),
            },
            {
              type: 'goToReturnUrl',
              params: ({ context }) => ({ token: context.token ?? '', returnUrl: context.returnUrl }),
            },
          ],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
    redirectingToLogin: { type: 'final' },
  },
});
