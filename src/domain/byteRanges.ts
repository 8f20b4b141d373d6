/**
 * Byte ranges of a file (RFC 9110, section 14), as the server's media answers apply them
 * (server/modules/media/send-file.ts) and the service worker's answers from downloaded media do
 * alike (src/sw/storedMedia.ts): the same request gets the same answer from either.
 */

/** One byte range of a file, both ends inclusive (as Content-Range writes them). */
export interface ByteRange {
  start: number;
  end: number;
}

const SINGLE_RANGE = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * The range a `Range` header asks of a file of `size` bytes:
 * - `undefined`: send the whole file (no header, another unit, several ranges, or a malformed one,
 *   all of which a server may ignore);
 * - `'unsatisfiable'`: 416 (the range starts at or past the end, or asks for a zero-length suffix);
 * - a range clamped to the file otherwise (`a-b`, open-ended `a-`, suffix `-n`).
 */
export function requestedRange(
  header: string | null | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = SINGLE_RANGE.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { start, end };
}

/** If-Range: the range holds only while the validator still names this version of the file. */
export function rangeStillApplies(
  ifRange: string | null | undefined,
  validators: { etag: string | null; lastModified: string | null },
): boolean {
  return ifRange == null || ifRange === validators.etag || ifRange === validators.lastModified;
}
