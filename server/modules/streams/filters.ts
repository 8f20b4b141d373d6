import * as v from 'valibot';
import { isOneLine } from '../../../src/domain/oneLine';
import { isStorable } from '../../http/fields';
import type { MessageKey } from '../../infra/i18n';

/**
 * The calendar's view filters, kept as the app sends them: any JSON object of at most 4 KB. What
 * PostgreSQL's jsonb refuses (NUL, lone surrogates, very deep nesting) is refused here as a 422.
 */

const MAX_FILTERS_BYTES = 4096;
const MAX_FILTERS_DEPTH = 16;

/**
 * Text jsonb stores as given, one line (src/domain/oneLine.ts): no control character, tab, line break
 * or direction control, as in the other one-line fields (a filter's key or value is a name or a code).
 */
const isStorableText = (text: string) => isStorable(text) && isOneLine(text);

/** Every key and string inside `value` is storable (arrays and objects walked). */
function storable(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(storable);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).every(([key, item]) => isStorableText(key) && storable(item));
  return true;
}

/** Nesting stays within `levels`; the walk stops there, so a hostile body cannot exhaust the stack. */
function withinDepth(value: unknown, levels: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (levels === 0) return false;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.every((item) => withinDepth(item, levels - 1));
}

/**
 * Every number inside `value` is kept exactly: finite, and a whole number within ±2^53. JSON.parse
 * reads a literal past the double range (`1e400`) as Infinity, which JSON.stringify writes as null,
 * and a longer whole number (12345678901234567890123) as its nearest double: stored, the learner's
 * value would silently become another one. Called once the depth is checked, so the walk is bounded.
 */
function exactNumbers(value: unknown): boolean {
  if (typeof value === 'number')
    return Number.isInteger(value) ? Number.isSafeInteger(value) : Number.isFinite(value);
  if (value === null || typeof value !== 'object') return true;
  return (Array.isArray(value) ? value : Object.values(value)).every(exactNumbers);
}

/** An object, not an array: valibot's record would turn an array into an object. */
const isJsonObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

export const FiltersBody = v.object({
  filters: v.pipe(
    v.unknown(),
    v.check(isJsonObject, 'filtersObject' satisfies MessageKey),
    v.check((filters) => withinDepth(filters, MAX_FILTERS_DEPTH), 'filtersTooDeep' satisfies MessageKey),
    // A pipe stops at its first transform once a rule failed: the walks below (the size check
    // serialises the value) only ever see a shallow object.
    v.transform((filters) => filters as Record<string, unknown>),
    v.check((filters) => exactNumbers(filters), 'filtersNumberRange' satisfies MessageKey),
    v.check((filters) => jsonBytes(filters) <= MAX_FILTERS_BYTES, 'filtersTooLarge' satisfies MessageKey),
    v.check((filters) => storable(filters), 'badCharacters' satisfies MessageKey),
  ),
});
