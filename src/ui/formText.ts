import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { GENERIC_ERROR } from '../../machines/forms/formSupport';

/** A machine's form-level error: the server's own (translated) message, or the generic text. */
export function formErrorText(
  i18n: I18n,
  formError: string | null,
  generic = msg`Something went wrong. Try again later`,
) {
  if (formError === null) return null;
  return formError === GENERIC_ERROR ? i18n._(generic) : formError;
}

export const signInFailed = msg`Failed to sign in. Try again later`;
