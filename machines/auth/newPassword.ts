import {
  collectErrors,
  type FieldErrors,
  validateNewPasswordRepeat,
  validatePassword,
} from '../../src/domain/validation';

/** The "new password + repeat" pair shared by the password reset and the forced password change. */
export const NEW_PASSWORD_FIELDS = ['password', 'passwordRepeat'] as const;
export type NewPasswordField = (typeof NEW_PASSWORD_FIELDS)[number];

export type NewPasswordFields = { password: string; passwordRepeat: string };

export const validateNewPassword = (fields: NewPasswordFields): FieldErrors<NewPasswordField> =>
  collectErrors<NewPasswordField>({
    password: validatePassword(fields.password),
    passwordRepeat: validateNewPasswordRepeat(fields.password, fields.passwordRepeat),
  });
