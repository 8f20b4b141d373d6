import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { FieldError } from '../domain/validation';

/** The texts of validation codes worded by one message each. */
export type FieldWording = Partial<Record<FieldError['code'], MessageDescriptor>>;

/**
 * Texts of the validation codes every form may show (shell spec, sections 5 and 8). Server messages
 * arrive already translated and are shown as given. The profile's own codes are worded by its forms
 * (profileFieldErrorTexts.ts): the sign-in page loads none of them.
 */
const REQUIRED = msg`This field is required`;

export const FIELD_WORDING: FieldWording = {
  required: REQUIRED,
  email: msg`Enter a valid e-mail`,
  mismatch: msg`Passwords do not match`,
  newPasswordMismatch: msg`New passwords do not match`,
};

export function fieldErrorText(i18n: I18n, error: FieldError, wording = FIELD_WORDING): string {
  switch (error.code) {
    case 'server':
      return error.message;
    case 'minLength': {
      const min = error.min;
      return i18n._(
        msg({
          message: plural(min, { one: 'Enter at least # character', other: 'Enter at least # characters' }),
        }),
      );
    }
    case 'maxLength': {
      const max = error.max;
      return i18n._(
        msg({
          message: plural(max, { one: 'Enter at most # character', other: 'Enter at most # characters' }),
        }),
      );
    }
    default:
      // A code the form's wording lacks is a form bug; its field still says something is wrong.
      return i18n._(wording[error.code] ?? REQUIRED);
  }
}

export function fieldErrorTexts(
  i18n: I18n,
  errors: readonly FieldError[] | undefined,
  wording = FIELD_WORDING,
): string[] {
  return (errors ?? []).map((error) => fieldErrorText(i18n, error, wording));
}
