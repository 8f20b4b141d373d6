/**
 * A JSON body that names a key twice in one object (`{"viewed_seconds": 86401, "viewed_seconds": 1}`)
 * says two things where the call reads one: JSON.parse keeps the last, another reader may keep the
 * first. Which was meant is not the server's to guess, as for a query parameter sent twice.
 */

/** How many keys the parsed value holds, in all its objects; walked without recursion (any depth). */
function keyCount(parsed: unknown): number {
  let count = 0;
  const pending: unknown[] = [parsed];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    const children = Array.isArray(value) ? value : Object.values(value);
    if (!Array.isArray(value)) count += children.length;
    for (const child of children) pending.push(child);
  }
  return count;
}

/**
 * The first key `text` (valid JSON) names twice in one object, as the top-level field it is under
 * (the field a client would fix); null when none is. Each key token ends in `"` and a colon, so when
 * there are no more such endings than the parsed value has keys no key was taken twice, and the text
 * is scanned only otherwise (a string value holding `":` costs the scan, never a wrong answer).
 */
export function repeatedKey(text: string, parsed: unknown): string | null {
  if ((text.match(/"\s*:/g)?.length ?? 0) === keyCount(parsed)) return null;
  // Per open container, the keys its object named so far (null for an array).
  const open: (Set<string> | null)[] = [];
  let field: string | null = null;
  let expectingKey = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '"') {
      let end = at + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const keys = open.at(-1);
      if (expectingKey && keys) {
        const key = JSON.parse(text.slice(at, end + 1)) as string;
        if (open.length === 1) field = key;
        if (keys.has(key)) return field;
        keys.add(key);
        expectingKey = false;
      }
      at = end;
    } else if (char === '{') {
      open.push(new Set());
      expectingKey = true;
    } else if (char === '[') {
      open.push(null);
    } else if (char === '}' || char === ']') {
      open.pop();
      expectingKey = false;
    } else if (char === ',') {
      expectingKey = open.at(-1) != null;
    }
  }
  return null;
}
