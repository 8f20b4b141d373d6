/**
 * Sign-up by e-mail (shell spec, section 5 "Sign up by e-mail"): the username is the e-mail, the
 * timezone is guessed by the app and passed in. Leaving the e-mail field asks the server whether
 * the address can be used; its error list under the field blocks the submit until the e-mail changes.
 * Refinements of the shared contract (additive):
 * - `editing` has two children: `idle` and `checkingEmail` (the server check after FIELD.BLUR).
 *   A badly formed e-mail is reported on blur without asking the server.
 * - Named actions take params: `signIn({ token, user })`, `goToReturnUrl({ token })`.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { User } from '../../src/domain/user';
import {
  collectErrors,
  hasErrors,
  normalizeEmail,
  serverFieldErrors,
  validateEmail,
  validatePassword,
  validatePasswordRepeat,
} from '../../src/domain/validation';
import { unprovided } from '../common/unprovided';
import {
  type FormChangeEvent,
  formEditingTransitions,
  formFailure,
  type TextFormContext,
} from '../forms/formSupport';

export const SIGNUP_FIELDS = ['email', 'password', 'passwordRepeat'] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

export type SignupContext = TextFormContext<SignupField> & { timezone: string };

export type SignupEvent =
  | FormChangeEvent<SignupField>
  | { type: 'FIELD.BLUR'; field: SignupField }
  | { type: 'FORM.SUBMIT' };

export type SignupInput = { timezone: string };

export type SignupRequest = { email: string; password: string; passwordRepeat: string; timezone: string };

/** Local rules, plus the server's verdict on the e-mail while that e-mail is unchanged. */
const validateSignup = (context: SignupContext) => {
  const localEmailErrors = validateEmail(context.email);
  return collectErrors<SignupField>({
    email: localEmailErrors.length > 0 ? localEmailErrors : (context.errors.email ?? []),
    password: validatePassword(context.password),
    passwordRepeat: validatePasswordRepeat(context.password, context.passwordRepeat),
  });
};

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
  },
  actors: {
    validateSignupForm: fromPromise<string[], { email: string }>(unprovided),
    signup: fromPromise<{ token: string; user: User }, SignupRequest>(unprovided),
  },
  actions: {
    signIn: (_, _params: { token: string; user: User }) => {},
    goToReturnUrl: (_, _params: { token: string }) => {},
  },
  guards: {
    isEmailBlur: ({ event }) => event.type === 'FIELD.BLUR' && event.field === 'email',
    isEmailWellFormed: ({ context }) => validateEmail(context.email).length === 0,
    isFormValid: ({ context }) => !hasErrors(validateSignup(context)),
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({
    email: '',
    password: '',
    passwordRepeat: '',
    timezone: input.timezone,
    errors: {},
    formError: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        ...formEditingTransitions<SignupContext, SignupEvent>(validateSignup, 'submitting'),
        'FIELD.BLUR': [
          { guard: and(['isEmailBlur', 'isEmailWellFormed']), target: '.checkingEmail' },
          {
            guard: 'isEmailBlur',
            actions: assign({
              errors: ({ context }) => ({ ...context.errors, email: validateEmail(context.email) }),
            }),
          },
        ],
      },
      states: {
        idle: {},
        checkingEmail: {
          invoke: {
            id: 'validateSignupForm',
            src: 'validateSignupForm',
            input: ({ context }) => ({ email: normalizeEmail(context.email) }),
            onDone: {
              target: 'idle',
              actions: assign({
                errors: ({ context, event }) =>
                  collectErrors({ ...context.errors, email: serverFieldErrors(event.output) }),
              }),
            },
            // The check is a convenience: the sign-up call validates the e-mail again.
            onError: { target: 'idle' },
          },
        },
      },
    },
    submitting: {
      invoke: {
        id: 'signup',
        src: 'signup',
        input: ({ context }) => ({
          email: normalizeEmail(context.email),
          password: context.password,
          passwordRepeat: context.passwordRepeat,
          timezone: context.timezone,
        }),
        onDone: {
          target: 'succeeded',
          actions: [
            { type: 'signIn', params: ({ event }) => event.output },
            { type: 'goToReturnUrl', params: ({ event }) => ({ token: event.output.token }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => formFailure(event.error, SIGNUP_FIELDS)),
        },
      },
    },
    succeeded: { type: 'final' },
  },
});
