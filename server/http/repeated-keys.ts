/**
 * A JSON body that names a key twice in one object (`{"viewed_seconds": 86401, "viewed_seconds": 1}`)
 * says two things where the call reads one: JSON.parse keeps the last, another reader may keep the
 * first. Which was meant is not the server's to guess, as for a query parameter sent twice.
 */

import { jsonTokens } from './json-tokens';

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
 * The top-level fields (the ones a client would fix) under which `text` (valid JSON) names a key twice
 * in one object, each once, in the order of the text; empty when none does. Each key token ends in `"`
 * and a colon, so when there are no more such endings than the parsed value has keys no key was taken
 * twice, and the text is scanned only otherwise (a string value holding `":` costs the scan, never a
 * wrong answer).
 */
export function repeatedKeyFields(text: string, parsed: unknown): string[] {
  if ((text.match(/"\s*:/g)?.length ?? 0) === keyCount(parsed)) return [];
  const fields = new Set<string>();
  // Per open container, the keys its object named so far (null for an array).
  const open: (Set<string> | null)[] = [];
  let field = '';
  for (const token of jsonTokens(text)) {
    if (token.kind === 'open') open.push(token.object ? new Set() : null);
    else if (token.kind === 'close') open.pop();
    else if (token.kind === 'key') {
      if (token.depth === 1) field = token.name;
      const keys = open.at(-1);
      if (keys?.has(token.name)) fields.add(field);
      keys?.add(token.name);
    }
  }
  return [...fields];
}
