import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from './limits';

/**
 * The one phone rule of the client form and the server's `phone` field (shell spec, section 5:
 * "Неверный формат номера телефона"): an optional leading `+`, then 7 to 15 digits, grouped as people
 * write them: one space or dash at a time between the digits, and at most one bracketed group (an
 * area code, the `(0)` of a trunk prefix), never nested. `+1`, 200 dashes and `234567`, or
 * `+1 (((555))) 1234567`, are no phone numbers.
 */

/**
 * At most this many characters as typed (trimmed): the most the rule lets through, 15 digits with a
 * `+`, a separator between every two and one of them bracketed (`+1 (2) 3 4 5 6 7 8 9 0 1 2 3 4 5`).
 */
export const PHONE_INPUT_MAX_LENGTH = 32;

/** A run of digits, or one bracketed. */
const GROUP = String.raw`(?:\d+|\(\d+\))`;

/**
 * Groups with one space or dash between them, or none beside a bracket (`+7(912)345-67-89`). Two digit
 * runs are always parted by something, so the regex never tries a run's digits in two ways: it takes
 * time in proportion to the text, whatever its length.
 */
const GROUPED = new RegExp(String.raw`^\+?${GROUP}(?:(?:[ -]|(?<=\))|(?=\())${GROUP})*$`);

/** Whether `value` (trimmed) groups its digits as above, with at most one bracketed group. */
export function isGroupedPhone(value: string): boolean {
  const open = value.indexOf('(');
  return (open === -1 || value.indexOf('(', open + 1) === -1) && GROUPED.test(value);
}

/** True when `value` (already trimmed) is a phone number under the rule above. */
export function isPhone(value: string): boolean {
  if (value.length > PHONE_INPUT_MAX_LENGTH || !isGroupedPhone(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * The stored form: the digits without separators, with the `+` kept when it was given. A number
 * written without it stays national (a leading 8 in Russia is a trunk prefix, not a country code),
 * so the sign is never invented.
 */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}
