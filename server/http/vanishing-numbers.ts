/**
 * A number literal JSON.parse reads as 0 though it is not zero (`1e-400`): its value is under the
 * smallest double, so a call would act on or keep a 0 its client never sent, as silently as a
 * literal past the largest double becomes Infinity. Such a body is refused instead.
 */

import { jsonTokens } from './json-tokens';

/**
 * Only a literal with a negative exponent or a long run of zeros can fall under the smallest double
 * (about 2.5e-324 rounds to 0): a body with neither (a statistic, a form) is not scanned.
 */
const MAY_VANISH = /[eE]-|0{10}/;

/** A token that names a value other than zero: a digit 1-9 before any exponent. */
const namesNonZero = (token: string) => /[1-9]/.test(token.replace(/[eE].*$/, ''));

/**
 * The top-level fields (the ones a client would fix) holding a number that JSON.parse reads as 0
 * though it is not zero, each once, in the order of `text` (valid JSON, an object); empty when none does.
 */
export function vanishingNumberFields(text: string): string[] {
  if (!MAY_VANISH.test(text)) return [];
  const fields = new Set<string>();
  let field = '';
  for (const token of jsonTokens(text)) {
    if (token.kind === 'key' && token.depth === 1) field = token.name;
    else if (token.kind === 'number' && Number(token.text) === 0 && namesNonZero(token.text))
      fields.add(field);
  }
  return [...fields];
}
