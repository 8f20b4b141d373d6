import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { FieldError } from '../domain/validation';
import { PROFILE_FIELD_TEXTS } from './profileFieldErrorTexts';

/**
 * Texts of the validation codes (shell spec, sections 5 and 8). Server messages arrive already
 * translated and are shown as given.
 */
const TEXTS: Record<Exclude<FieldError['code'], 'server' | 'minLength' | 'maxLength'>, MessageDescriptor> = {
  required: msg`This field is required`,
  email: msg`Enter a valid e-mail`,
  mismatch: msg`Passwords do not match`,
  newPasswordMismatch: msg`New passwords do not match`,
  ...PROFILE_FIELD_TEXTS,
};

export function fieldErrorText(i18n: I18n, error: FieldError): string {
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
      return i18n._(TEXTS[error.code]);
  }
}

export function fieldErrorTexts(i18n: I18n, errors: readonly FieldError[] | undefined): string[] {
  return (errors ?? []).map((error) => fieldErrorText(i18n, error));
}
