import { isEmailAddress } from './email';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SUPPORT_MESSAGE_MAX_LENGTH } from './limits';
import { characterCount, hasVisibleText } from './text';

/**
 * Field rules of shell spec section 5. Every rule returns the list of problems (empty = valid) as
 * codes; the UI turns codes into translated text. Server messages arrive already translated. The
 * profile's rules are in profileValidation.ts: only the profile screen, loaded on demand, needs them.
 * A required field needs something visible (text.ts), and lengths count characters, not UTF-16 units.
 */
export type FieldError =
  | { code: 'required' }
  | { code: 'email' }
  | { code: 'minLength'; min: number }
  | { code: 'maxLength'; max: number }
  | { code: 'mismatch' }
  | { code: 'newPasswordMismatch' }
  | { code: 'phone' }
  | { code: 'birthdayFormat' }
  | { code: 'birthdayNonexistent' }
  | { code: 'birthdayRange' }
  | { code: 'instagramStartsWithPeriod' }
  | { code: 'instagramEndsWithPeriod' }
  | { code: 'instagramDoublePeriod' }
  | { code: 'instagramCharacters' }
  | { code: 'instagramExample' }
  | { code: 'server'; message: string };

export type FieldErrors<F extends string> = Partial<Record<F, FieldError[]>>;

/** E-mails are compared and sent trimmed and lowercased. */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

export function validateRequired(value: string): FieldError[] {
  return hasVisibleText(value) ? [] : [{ code: 'required' }];
}

export function validateEmail(value: string): FieldError[] {
  const email = normalizeEmail(value);
  if (email === '') return [{ code: 'required' }];
  return isEmailAddress(email) ? [] : [{ code: 'email' }];
}

export function validatePassword(value: string): FieldError[] {
  if (!hasVisibleText(value)) return [{ code: 'required' }];
  const length = characterCount(value);
  if (length < PASSWORD_MIN_LENGTH) return [{ code: 'minLength', min: PASSWORD_MIN_LENGTH }];
  if (length > PASSWORD_MAX_LENGTH) return [{ code: 'maxLength', max: PASSWORD_MAX_LENGTH }];
  return [];
}

/**
 * A password typed again must be given and equal the first; `mismatch` says how a difference reads.
 * Compared as typed: one keyboard types both the same way. The server also takes the two Unicode
 * forms of one password as one (server/http/fields.ts), as it hashes them; that comparison would
 * cost the sign-in page's entry, which carries this module, bytes it has no room for.
 */
function repeatErrors(password: string, repeat: string, mismatch: FieldError): FieldError[] {
  if (!hasVisibleText(repeat)) return [{ code: 'required' }];
  return password === repeat ? [] : [mismatch];
}

/** Sign-up's repeat: "Passwords do not match". */
export const validatePasswordRepeat = (password: string, repeat: string): FieldError[] =>
  repeatErrors(password, repeat, { code: 'mismatch' });

/** The repeat of a new password (password change and reset): "New passwords do not match" (section 5). */
export const validateNewPasswordRepeat = (password: string, repeat: string): FieldError[] =>
  repeatErrors(password, repeat, { code: 'newPasswordMismatch' });

/** A support message's length as its limit counts it: characters (not UTF-16 units), trimmed. */
export const supportMessageLength = (value: string): number => characterCount(value.trim());

export function validateSupportMessage(value: string): FieldError[] {
  if (!hasVisibleText(value)) return [{ code: 'required' }];
  return supportMessageLength(value) > SUPPORT_MESSAGE_MAX_LENGTH
    ? [{ code: 'maxLength', max: SUPPORT_MESSAGE_MAX_LENGTH }]
    : [];
}

export const serverFieldErrors = (messages: readonly string[]): FieldError[] =>
  messages.map((message) => ({ code: 'server', message }));

/**
 * Keeps the server's field errors (client field names, see RequestError) of the fields a form
 * shows; the others are left out so the caller can fall back to a form-level message.
 */
export function fieldErrorsFromServer<F extends string>(
  fieldErrors: Readonly<Record<string, readonly string[]>>,
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of fields) {
    const messages = fieldErrors[field] ?? [];
    if (messages.length > 0) errors[field] = serverFieldErrors(messages);
  }
  return errors;
}

/** Drops fields without problems, so `hasErrors` and the UI see only real ones. */
export function collectErrors<F extends string>(errors: FieldErrors<F>): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const [field, list] of Object.entries(errors) as [F, FieldError[] | undefined][]) {
    if (list !== undefined && list.length > 0) result[field] = list;
  }
  return result;
}

export const hasErrors = (errors: FieldErrors<string>): boolean =>
  Object.values(errors).some((list) => list !== undefined && list.length > 0);
