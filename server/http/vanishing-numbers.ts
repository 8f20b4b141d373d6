/**
 * A number literal JSON.parse reads as 0 though it is not zero (`1e-400`): its value is under the
 * smallest double, so a call would act on or keep a 0 its client never sent, as silently as a
 * literal past the largest double becomes Infinity. Such a body is refused instead.
 */

/** A number token of JSON, matched where a value starts. */
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Only a literal with a negative exponent or a long run of zeros can fall under the smallest double
 * (about 2.5e-324 rounds to 0): a body with neither (a statistic, a form) is not scanned.
 */
const MAY_VANISH = /[eE]-|0{10}/;

/** A token that names a value other than zero: a digit 1-9 before any exponent. */
const namesNonZero = (token: string) => /[1-9]/.test(token.replace(/[eE].*$/, ''));

/**
 * The top-level field (the one a client would fix) of the first number in `text` (valid JSON, an
 * object) that JSON.parse reads as 0 though it is not zero; null when there is none.
 */
export function vanishingNumberField(text: string): string | null {
  if (!MAY_VANISH.test(text)) return null;
  let depth = 0;
  let field: string | null = null;
  let expectingKey = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at] ?? '';
    if (char === '"') {
      let end = at + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (expectingKey && depth === 1) field = JSON.parse(text.slice(at, end + 1)) as string;
      expectingKey = false;
      at = end;
    } else if (char === '{' || char === '[') {
      depth += 1;
      expectingKey = char === '{';
    } else if (char === '}' || char === ']') {
      depth -= 1;
    } else if (char === ',') {
      // Only a comma of the top-level object comes before a field's name; deeper keys are no field.
      expectingKey = depth === 1;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER.lastIndex = at;
      const token = NUMBER.exec(text)?.[0] ?? char;
      if (Number(token) === 0 && namesNonZero(token)) return field;
      at += token.length - 1;
    }
  }
  return null;
}
