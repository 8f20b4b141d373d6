import {
  collectErrors,
  type FieldErrors,
  validatePassword,
  validatePasswordRepeat,
} from '../src/domain/validation';

/** The "new password + repeat" pair shared by the password reset and the forced password change. */
export type NewPasswordField = 'password' | 'passwordRepeat';

export type NewPasswordFields = { password: string; passwordRepeat: string };

export const NEW_PASSWORD_WIRE_FIELDS = {
  password: 'password',
  password_repeat: 'passwordRepeat',
} as const satisfies Record<string, NewPasswordField>;

export const validateNewPassword = (fields: NewPasswordFields): FieldErrors<NewPasswordField> =>
  collectErrors<NewPasswordField>({
    password: validatePassword(fields.password),
    passwordRepeat: validatePasswordRepeat(fields.password, fields.passwordRepeat),
  });
