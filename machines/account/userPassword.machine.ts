/**
 * The voluntary password change (/user/settings/password, shell spec route table and section 5
 * "Password change"): the current password, then the new one twice under the same rules as sign-up.
 * An account made with a social network has no password yet (`hasPassword` false): it sets its first
 * without a current one. The server checks the current password (a wrong one comes back as that
 * field's error, in the user's language), opens a new session and ends every other one; the app
 * signs in with the new session and returns to the settings, which confirm the change.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { User } from '../../src/domain/user';
import {
  collectErrors,
  type FieldErrors,
  hasErrors,
  validateNewPasswordRepeat,
  validatePassword,
  validateRequired,
} from '../../src/domain/validation';
import { unprovided } from '../common/unprovided';
import {
  type FormChangeEvent,
  formEditingTransitions,
  formFailure,
  type TextFormContext,
} from '../forms/formSupport';

export const USER_PASSWORD_FIELDS = ['currentPassword', 'password', 'passwordRepeat'] as const;
export type UserPasswordField = (typeof USER_PASSWORD_FIELDS)[number];
export type UserPasswordFields = Record<UserPasswordField, string>;

/** Whether the account has a password to give first (the signed-in user's `hasPassword`). */
export type UserPasswordInput = { hasPassword: boolean };
export type UserPasswordContext = TextFormContext<UserPasswordField> & UserPasswordInput;
export type UserPasswordEvent = FormChangeEvent<UserPasswordField> | { type: 'FORM.SUBMIT' };

/**
 * The new password follows sign-up's rules (shared in src/domain); the current one is only required,
 * and only of an account that has one.
 */
export const validateUserPassword = (
  fields: UserPasswordFields & UserPasswordInput,
): FieldErrors<UserPasswordField> =>
  collectErrors<UserPasswordField>({
    currentPassword: fields.hasPassword ? validateRequired(fields.currentPassword) : undefined,
    password: validatePassword(fields.password),
    passwordRepeat: validateNewPasswordRepeat(fields.password, fields.passwordRepeat),
  });

export const userPasswordMachine = setup({
  types: {
    context: {} as UserPasswordContext,
    events: {} as UserPasswordEvent,
    input: {} as UserPasswordInput,
  },
  actors: {
    updatePassword: fromPromise<{ token: string; user: User }, UserPasswordFields>(unprovided),
  },
  actions: {
    signIn: (_, _params: { token: string; user: User }) => {},
    returnToSettings: () => {},
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateUserPassword(context)),
  },
}).createMachine({
  id: 'userPassword',
  context: ({ input }) => ({
    currentPassword: '',
    password: '',
    passwordRepeat: '',
    errors: {},
    formError: null,
    hasPassword: input.hasPassword,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: formEditingTransitions<UserPasswordContext, UserPasswordEvent>(validateUserPassword, 'submitting'),
    },
    submitting: {
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ context }) => ({
          currentPassword: context.currentPassword,
          password: context.password,
          passwordRepeat: context.passwordRepeat,
        }),
        onDone: {
          target: 'changed',
          actions: [{ type: 'signIn', params: ({ event }) => event.output }, 'returnToSettings'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => formFailure(event.error, USER_PASSWORD_FIELDS)),
        },
      },
    },
    changed: { type: 'final' },
  },
});
