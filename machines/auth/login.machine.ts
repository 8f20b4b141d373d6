/**
 * The sign-in form (shell spec, sections 2 "Sign-in screen", 4 "Login", 5, 8).
 * Refinements of the shared contract (additive):
 * - `editing` has two children: `ready` and `throttled`. After a 429 the form shows the server's
 *   message and ignores FORM.SUBMIT until Retry-After (context `retryAfterSeconds`) has passed.
 *   `state.matches('editing')` holds in both.
 * - `notice` (from input) is kept in context for the notice area.
 * - `submitting` has two children: `signingIn` (POST /auth/login) and `fetchingUser` (GET /user with
 *   the new token, as the spec asks on success); `token` holds the new token between them. A user
 *   that cannot be fetched fails the sign-in like a failed login.
 * - Named actions take params: `signIn({ token, user })`, `goToReturnUrl({ token })`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { SIGN_IN_RETRY_FALLBACK_SECONDS } from '../../src/domain/limits';
import { isTooManyRequests, toRequestError } from '../../src/domain/requestError';
import type { User } from '../../src/domain/user';
import {
  collectErrors,
  hasErrors,
  normalizeEmail,
  validateEmail,
  validateRequired,
} from '../../src/domain/validation';
import { unprovided } from '../common/unprovided';
import {
  applyFieldChange,
  type FormChangeEvent,
  formErrorFrom,
  formFailure,
  type TextFormContext,
} from '../forms/formSupport';

export const LOGIN_FIELDS = ['email', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];

export type LoginContext = TextFormContext<LoginField> & {
  passwordVisible: boolean;
  showRestore: boolean;
  notice: string | null;
  retryAfterSeconds: number;
  token: string | null;
};

export type LoginEvent =
  | FormChangeEvent<LoginField>
  | { type: 'FORM.TOGGLE_PASSWORD' }
  | { type: 'FORM.SUBMIT' };

export type LoginInput = { notice?: string } | undefined;

const validateLogin = (context: LoginContext) =>
  collectErrors<LoginField>({
    email: validateEmail(context.email),
    password: validateRequired(context.password),
  });

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    login: fromPromise<{ token: string; user: User }, { email: string; password: string }>(unprovided),
    fetchUser: fromPromise<User, { token: string }>(unprovided),
  },
  actions: {
    signIn: (_, _params: { token: string; user: User }) => {},
    goToReturnUrl: (_, _params: { token: string }) => {},
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateLogin(context)),
    isRateLimited: (_, params: { error: unknown }) => isTooManyRequests(params.error),
  },
  delays: {
    retryAfter: ({ context }) => context.retryAfterSeconds * 1000,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: '',
    password: '',
    passwordVisible: false,
    errors: {},
    formError: null,
    showRestore: false,
    notice: input?.notice ?? null,
    retryAfterSeconds: 0,
    token: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'ready',
      on: {
        'FORM.CHANGE': { actions: assign(({ context, event }) => applyFieldChange(context, event)) },
        'FORM.TOGGLE_PASSWORD': {
          actions: assign({ passwordVisible: ({ context }) => !context.passwordVisible }),
        },
      },
      states: {
        ready: {
          on: {
            'FORM.SUBMIT': [
              {
                guard: 'isFormValid',
                target: '#login.submitting',
                actions: assign({ errors: {}, formError: null }),
              },
              { actions: assign({ errors: ({ context }) => validateLogin(context), formError: null }) },
            ],
          },
        },
        throttled: {
          after: { retryAfter: 'ready' },
        },
      },
    },
    submitting: {
      initial: 'signingIn',
      states: {
        signingIn: {
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => ({ email: normalizeEmail(context.email), password: context.password }),
            onDone: { target: 'fetchingUser', actions: assign({ token: ({ event }) => event.output.token }) },
            onError: [
              {
                guard: { type: 'isRateLimited', params: ({ event }) => ({ error: event.error }) },
                target: '#login.editing.throttled',
                actions: assign(({ event }) => ({
                  formError: formErrorFrom(event.error),
                  retryAfterSeconds: toRequestError(event.error).retryAfter ?? SIGN_IN_RETRY_FALLBACK_SECONDS,
                })),
              },
              {
                target: '#login.editing',
                actions: assign(({ event }) => {
                  const failure = formFailure(event.error, LOGIN_FIELDS);
                  // A wrong password offers the restore-password button (shell spec, section 8).
                  return { ...failure, showRestore: (failure.errors.password?.length ?? 0) > 0 };
                }),
              },
            ],
          },
        },
        fetchingUser: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            // fetchingUser is only entered with the new token in context.
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: '#login.succeeded',
              actions: [
                {
                  type: 'signIn',
                  params: ({ context, event }) => ({ token: context.token ?? '', user: event.output }),
                },
                { type: 'goToReturnUrl', params: ({ context }) => ({ token: context.token ?? '' }) },
              ],
            },
            onError: {
              target: '#login.editing',
              actions: assign(({ event }) => ({ ...formFailure(event.error, LOGIN_FIELDS), token: null })),
            },
          },
        },
      },
    },
    succeeded: { type: 'final' },
  },
});
