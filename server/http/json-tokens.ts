/**
 * A walk over JSON text (valid JSON, already parsed once) that the body checks share: where
 * JSON.parse keeps only its result, they need what the text said, in order, such as a key an
 * object names twice or a number literal as it was written.
 */

export type JsonToken =
  | { kind: 'open'; object: boolean }
  | { kind: 'close' }
  /** An object's key; `depth` 1 is a key of the outermost object (the field a client would fix). */
  | { kind: 'key'; name: string; depth: number }
  /** A number literal as written, before JSON.parse rounds it. */
  | { kind: 'number'; text: string };

/** A number token of JSON, matched where a value starts. */
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The containers, keys and numbers of `text`, in order (string values are skipped). */
export function* jsonTokens(text: string): Generator<JsonToken> {
  // Per open container, whether it is an object (its strings after `{` or `,` are keys).
  const objects: boolean[] = [];
  let expectingKey = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at] ?? '';
    if (char === '"') {
      let end = at + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (expectingKey) {
        yield { kind: 'key', name: JSON.parse(text.slice(at, end + 1)) as string, depth: objects.length };
      }
      expectingKey = false;
      at = end;
    } else if (char === '{' || char === '[') {
      objects.push(char === '{');
      expectingKey = char === '{';
      yield { kind: 'open', object: char === '{' };
    } else if (char === '}' || char === ']') {
      objects.pop();
      expectingKey = false;
      yield { kind: 'close' };
    } else if (char === ',') {
      expectingKey = objects.at(-1) === true;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER.lastIndex = at;
      const token = NUMBER.exec(text)?.[0] ?? char;
      yield { kind: 'number', text: token };
      at += token.length - 1;
    }
  }
}
