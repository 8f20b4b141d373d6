import { GENERIC_ERROR, NO_CONNECTION } from '../machines/forms/formSupport';

export const NO_CONNECTION_TEXT = 'Could not reach the server. Check your connection and try again.';

/**
 * The text a screen shows for a machine's form-level error (src/ui/formText.ts): none, the screen's
 * own generic wording, the connection's, or the server's message as it came.
 */
export function shownFormError(
  error: string | null,
  generic = 'Something went wrong. Try again later',
): string {
  if (error === null) return '';
  if (error === GENERIC_ERROR) return generic;
  return error === NO_CONNECTION ? NO_CONNECTION_TEXT : error;
}
