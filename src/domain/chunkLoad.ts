/**
 * Lazy chunks that fail to load (shell spec, sections 8 and 9): a script chunk fails with a
 * ChunkLoadError, also when it has not arrived within the timeout; a stylesheet with the code
 * CSS_CHUNK_LOAD_FAILED. Usually a new version was deployed under an open tab and the old chunk
 * files are gone, so the app offers a reload instead of a blank screen.
 */

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const CHUNK_LOAD_ERROR_NAME = 'ChunkLoadError';
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

export type ChunkLoadError = Error & { code?: typeof CSS_CHUNK_LOAD_FAILED };

/** What browsers and the bundler's preloader say when a chunk or its stylesheet cannot be fetched. */
const SCRIPT_FAILURES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
];
const STYLESHEET_FAILURE = 'Unable to preload CSS';

const messageOf = (error: unknown): string =>
  error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)
    ? String((error as { message: unknown }).message)
    : '';

/** The app's own form of a failed chunk load, named as the spec names it. */
export function toChunkLoadError(cause: unknown): ChunkLoadError {
  const message = messageOf(cause);
  const error: ChunkLoadError = new Error(message || 'Loading a chunk failed', { cause });
  error.name = CHUNK_LOAD_ERROR_NAME;
  if (message.startsWith(STYLESHEET_FAILURE)) error.code = CSS_CHUNK_LOAD_FAILED;
  return error;
}

export const chunkTimeoutError = (timeoutMs: number): ChunkLoadError =>
  toChunkLoadError(new Error(`Loading a chunk timed out after ${timeoutMs} ms`));

/** True for the app's ChunkLoadError and for the raw failures it is made from. */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (name === CHUNK_LOAD_ERROR_NAME || code === CSS_CHUNK_LOAD_FAILED) return true;
  const message = messageOf(error);
  return [...SCRIPT_FAILURES, STYLESHEET_FAILURE].some((start) => message.startsWith(start));
}
