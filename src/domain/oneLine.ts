/**
 * The one-line rule of a person's data (a name, a city, a code), which the server applies to every
 * such field and the registration chat asks before it sends a name. Apart from text.ts, whose module
 * the sign-in page's chunk carries whole: the sign-in page never needs this.
 */

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

/** Tabs and line breaks: a one-line field (a name, a city, a code) never holds them. */
const BREAKS = /[\t\n\r\u2028\u2029]/;

/**
 * The invisible controls that reorder the text around them (bidirectional embeddings, overrides and
 * isolates, and the direction marks LRM, RLM and ALM), with which a name or a title could show as
 * something else than what is stored.
 */
const DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const hasLineBreaks = (value: string): boolean => BREAKS.test(value);
export const hasDirectionControls = (value: string): boolean => DIRECTION_CONTROLS.test(value);

/**
 * Whether `value` may be stored in a one-line field: the server refuses anything else ("Must not
 * contain control characters."), and the app asks the same before it sends a name.
 */
export const isOneLine = (value: string): boolean =>
  !hasControlCharacters(value) && !hasLineBreaks(value) && !hasDirectionControls(value);
