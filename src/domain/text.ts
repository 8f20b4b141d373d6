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
