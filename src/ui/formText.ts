import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { GENERIC_ERROR, NO_CONNECTION } from '../../machines/forms/formSupport';

/**
 * A machine's form-level error: the server's own (translated) message, the connection's when the
 * call got no answer, or the screen's generic text.
 */
export function formErrorText(
  i18n: I18n,
  formError: string | null,
  generic = msg`Something went wrong. Try again later`,
) {
  if (formError === null) return null;
  if (formError === GENERIC_ERROR) return i18n._(generic);
  return formError === NO_CONNECTION
    ? i18n._(msg`Could not reach the server. Check your connection and try again.`)
    : formError;
}

export const signInFailed = msg`Failed to sign in. Try again later`;
