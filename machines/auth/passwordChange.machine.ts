/**
 * The forced password change (/resetPassword, shell spec, section 4 rule 2): the server opens a new
 * session for the new password and ends the others, so the session is signed in again with it.
 * Refinement of the shared contract (additive): `signIn` takes params `{ token, user }`.
 */
import { assign, fromPromise, setup } from 'xstate';
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

export type PasswordChangeContext = TextFormContext<NewPasswordField>;

export type PasswordChangeEvent = FormChangeEvent<NewPasswordField> | { type: 'FORM.SUBMIT' };

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  actors: {
    updatePassword: fromPromise<{ token: string; user: User }, NewPasswordFields>(unprovided),
  },
  actions: {
    signIn: (_, _params: { token: string; user: User }) => {},
    goToHome: () => {},
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateNewPassword(context)),
  },
}).createMachine({
  id: 'passwordChange',
  context: { password: '', passwordRepeat: '', errors: {}, formError: null },
  initial: 'editing',
  states: {
    editing: {
      on: formEditingTransitions<PasswordChangeContext, PasswordChangeEvent>(
        validateNewPassword,
        'submitting',
      ),
    },
    submitting: {
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ context }) => ({ password: context.password, passwordRepeat: context.passwordRepeat }),
        onDone: {
          target: 'succeeded',
          actions: [{ type: 'signIn', params: ({ event }) => event.output }, 'goToHome'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => formFailure(event.error, NEW_PASSWORD_FIELDS, ['currentPassword'])),
        },
      },
    },
    succeeded: { type: 'final' },
  },
});
