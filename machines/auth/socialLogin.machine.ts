/**
 * The way back from a social sign-in to the sign-in page (shell spec, section 4 "Social login
 * return": `action=login` with status success, the token stored and the user fetched, or fail, an
 * error dialog; section 8 "Social login failure"). A success carries a one-time code, never the
 * token: it is traded for the session (POST /auth/social/exchange), then the app signs in as after
 * a password sign-in. A failure, or a code that no longer works, opens the "Error" dialog; closing it
 * clears the outcome from the address.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ExternalAuthSource, User } from '../../src/domain/user';
import { unprovided } from '../common/unprovided';
import { formErrorFrom, isServerMessage } from '../forms/formSupport';

export type SocialLoginInput =
  | { status: 'success'; code: string; network: ExternalAuthSource | null }
  | { status: 'fail'; errorCode: string; errorMessage: string; network: ExternalAuthSource | null };

/** What the dialog shows: the spec's code, the server's message (or a marker of formSupport) and the network. */
export type SocialLoginFailure = { code: string; message: string; network: ExternalAuthSource | null };

export type SocialLoginContext = {
  code: string | null;
  network: ExternalAuthSource | null;
  failure: SocialLoginFailure | null;
};

export type SocialLoginEvent = { type: 'SOCIAL.DISMISS' };

type SignedIn = { token: string; user: User };

export const socialLoginMachine = setup({
  types: {
    context: {} as SocialLoginContext,
    events: {} as SocialLoginEvent,
    input: {} as SocialLoginInput,
  },
  actors: {
    exchangeCode: fromPromise<SignedIn, { code: string }>(unprovided),
  },
  actions: {
    signIn: (_, _params: SignedIn) => {},
    goToReturnUrl: (_, _params: { token: string }) => {},
    /** Replaces the address with the sign-in page's own, so a reload does not show the outcome again. */
    clearOutcome: () => {},
  },
  guards: {
    hasCode: ({ context }) => context.code !== null,
  },
}).createMachine({
  id: 'socialLogin',
  context: ({ input }) =>
    input.status === 'success'
      ? { code: input.code, network: input.network, failure: null }
      : {
          code: null,
          network: input.network,
          failure: { code: input.errorCode, message: input.errorMessage, network: input.network },
        },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasCode', target: 'exchanging' }, { target: 'failed' }],
    },
    exchanging: {
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ context }) => ({ code: context.code ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'signIn', params: ({ event }) => event.output },
            { type: 'goToReturnUrl', params: ({ event }) => ({ token: event.output.token }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign(({ context, event }) => {
            const message = formErrorFrom(event.error);
            return {
              failure: {
                // A code refused by the server (expired, used) has its own message; anything else is unknown.
                code: isServerMessage(message) ? 'flow_expired' : 'unknown_error',
                message,
                network: context.network,
              },
            };
          }),
        },
      },
    },
    failed: {
      on: { 'SOCIAL.DISMISS': { target: 'dismissed', actions: 'clearOutcome' } },
    },
    signedIn: { type: 'final' },
    dismissed: { type: 'final' },
  },
});
