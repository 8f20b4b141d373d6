/**
 * Setting a new password from the mailed link (/reset?token=…). The server signs the user in with a
 * fresh session. A bad, expired or used token ends the form (`linkRefused`): no password can be set
 * with it, so the screen shows the server's reason and offers to ask for a new link instead.
 * Refinement of the shared contract (additive): `signIn` takes params `{ token, user }`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toRequestError } from '../../src/domain/requestError';
import type { User } from '../../src/domain/user';
import { hasErrors } from '../../src/domain/validation';
import { unprovided } from '../common/unprovided';
import {
  type FormChangeEvent,
  formEditingTransitions,
  formFailure,
  type TextFormContext,
} from '../forms/formSupport';
import {
  NEW_PASSWORD_FIELDS,
  type NewPasswordField,
  type NewPasswordFields,
  validateNewPassword,
} from './newPassword';

export type PasswordResetContext = TextFormContext<NewPasswordField> & { token: string };

export type PasswordResetEvent = FormChangeEvent<NewPasswordField> | { type: 'FORM.SUBMIT' };

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as { token: string },
  },
  actors: {
    resetPassword: fromPromise<{ token: string; user: User }, NewPasswordFields & { token: string }>(
      unprovided,
    ),
  },
  actions: {
    signIn: (_, _params: { token: string; user: User }) => {},
    goToHome: () => {},
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateNewPassword(context)),
    isLinkRefused: (_, params: { error: unknown }) =>
      (toRequestError(params.error).fieldErrors.token?.length ?? 0) > 0,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    token: input.token,
    password: '',
    passwordRepeat: '',
    errors: {},
    formError: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: formEditingTransitions<PasswordResetContext, PasswordResetEvent>(validateNewPassword, 'submitting'),
    },
    submitting: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({
          token: context.token,
          password: context.password,
          passwordRepeat: context.passwordRepeat,
        }),
        onDone: {
          target: 'succeeded',
          actions: [{ type: 'signIn', params: ({ event }) => event.output }, 'goToHome'],
        },
        onError: [
          {
            guard: { type: 'isLinkRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'linkRefused',
            actions: assign(({ event }) => formFailure(event.error, NEW_PASSWORD_FIELDS, ['token'])),
          },
          {
            target: 'editing',
            actions: assign(({ event }) => formFailure(event.error, NEW_PASSWORD_FIELDS)),
          },
        ],
      },
    },
    /** The server refused the token: `formError` holds its reason. */
    linkRefused: {},
    succeeded: { type: 'final' },
  },
});
