/**
 * What free text holds as a reader sees it, shared by the app's field rules and the server's field
 * schemas so both refuse and measure the same way.
 */

/**
 * Code points that show nothing on their own: white space, controls, format characters (zero-width
 * space, word joiner, direction marks, soft hyphen, BOM), combining marks (drawn only on a letter
 * before them), the other default-ignorable code points (Hangul fillers, variation selectors) and
 * the blank Braille pattern, which renders as an empty cell, and the noncharacters (U+FFFF and kin),
 * which no font draws.
 */
const SHOWS_SOMETHING =
  /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}\u2800]/u;

/** Whether `value` shows at least one character: a name made only of invisible ones is no name. */
export const hasVisibleText = (value: string): boolean => SHOWS_SOMETHING.test(value);

/**
 * The length of `value` in characters (code points), as the messages state limits and as PostgreSQL
 * measures text (`char_length`): an emoji is one, not the two UTF-16 units of `value.length`.
 */
export function characterCount(value: string): number {
  let count = 0;
  // The string iterator steps by code point; a lone surrogate is one step of its own.
  for (const _ of value) count++;
  return count;
}

/**
 * C0 and C1 controls and DEL, except tab, line feed and carriage return (a message may have lines):
 * no field of a person's data holds them, and stored text and logs stay readable.
 */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f))
      return true;
  }
  return false;
}

/**
 * What a one-line field (a name, a city, a code) never holds: tabs and line breaks, and the invisible
 * controls that reorder the text around them (bidirectional embeddings, overrides and isolates, and
 * the direction marks LRM, RLM and ALM), with which a name could show as something else than what is
 * stored.
 */
const NOT_IN_A_LINE = /[\t\n\r\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * Whether `value` may be stored in a one-line field: the server refuses anything else ("Must not
 * contain control characters."), and the app asks the same before it sends a name.
 */
export const isOneLine = (value: string): boolean =>
  !hasControlCharacters(value) && !NOT_IN_A_LINE.test(value);
