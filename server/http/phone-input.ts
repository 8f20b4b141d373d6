/**
 * The server's bounds on a phone number as typed, beside the app's rule (src/domain/phone.ts: an
 * optional `+`, 7 to 15 digits, grouped with spaces, dashes or brackets). That rule counts the digits
 * and lets the separators be anything of those: `+1`, 200 dashes and `234567`, or `+1 (((555)))
 * 1234567`, passed it. Grouping is what people write between the digits: one space or dash at a time,
 * and at most one bracketed group of digits (an area code, the `(0)` of a trunk prefix), never nested.
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
