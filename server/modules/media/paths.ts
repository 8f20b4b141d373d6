import { realpath } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { CANONICAL_ID, MAX_INT4 } from '../../http/fields';

/**
 * Turning a URL into a file path without ever leaving the media file's folder: every segment is
 * decoded on its own and refused when it could name anything but a plain entry of its folder.
 */

const MAX_SEGMENT = 255;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it refuses.
const FORBIDDEN = /[\u0000-\u001f\u007f/\\]/;

/** The media file id of a URL segment, or null when it is not a plain positive int4. */
export function fileIdOf(segment: string | undefined): number | null {
  if (!segment || !CANONICAL_ID.test(segment)) return null;
  // Larger than any int4 id, a segment cannot name a row.
  const id = Number(segment);
  return id <= MAX_INT4 ? id : null;
}

/**
 * One percent-encoded URL segment as a plain file name, or null: undecodable, empty, a dot entry or
 * any hidden name (transcodes in progress live in hidden folders), a separator, NUL or another
 * control character, or too long.
 */
export function plainName(segment: string): string | null {
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (name === '' || name.startsWith('.') || name.length > MAX_SEGMENT || FORBIDDEN.test(name)) return null;
  return name;
}

/** Every segment as a plain name, or null when any one is not. */
export function plainNames(segments: readonly string[]): string[] | null {
  const names: string[] = [];
  for (const segment of segments) {
    const name = plainName(segment);
    if (name === null) return null;
    names.push(name);
  }
  return names.length > 0 ? names : null;
}

const isInside = (folder: string, path: string) =>
  path.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/**
 * `parts` joined under `folder`, or null when the result (after following symbolic links) is not
 * strictly inside `folder` or does not exist.
 */
export async function existingPathInside(folder: string, parts: readonly string[]): Promise<string | null> {
  const joined = resolve(folder, ...parts);
  if (!isInside(folder, joined)) return null;
  try {
    const [realFolder, realPath] = await Promise.all([realpath(folder), realpath(joined)]);
    return isInside(realFolder, realPath) ? realPath : null;
  } catch {
    return null;
  }
}
