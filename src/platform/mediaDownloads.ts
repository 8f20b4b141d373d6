import { type DownloadFile, hasRoomFor, NO_SPACE_CODE } from '../domain/learning/download';
import { DOWNLOADS_CACHE } from './cacheNames';

/**
 * Storing a lesson's media for offline playback: each file fetched whole and put in the Cache Storage
 * `DOWNLOADS_CACHE` under its absolute URL, where the service worker answers the player from.
 */

/** A download that could not finish; `code` 10 when the storage had no room (spec, section 8). */
export class DownloadFailed extends Error {
  constructor(
    readonly code: number | null,
    message = code === NO_SPACE_CODE ? 'Not enough space' : 'The download failed',
  ) {
    super(message);
    this.name = 'DownloadFailed';
  }
}

/** How often progress is reported at most: every chunk would re-render the page for nothing. */
const PROGRESS_INTERVAL_MS = 150;

const contentLength = (response: Response): number | null => {
  const length = Number(response.headers.get('content-length'));
  return Number.isSafeInteger(length) && length > 0 ? length : null;
};

/** Every file with its size: sizes the server did not report are asked with HEAD. */
export async function measureFiles(
  files: readonly DownloadFile[],
  signal?: AbortSignal,
): Promise<DownloadFile[]> {
  return Promise.all(
    files.map(async (file) => {
      if (file.sizeBytes !== null) return file;
      const response = await fetch(file.url, { method: 'HEAD', credentials: 'same-origin', signal });
      if (!response.ok) throw new DownloadFailed(null, `${file.url} answered ${response.status}`);
      return { ...file, sizeBytes: contentLength(response) };
    }),
  );
}

/**
 * Asks once that the origin's storage be kept under pressure (the browser may refuse or not ask).
 * A refusal changes nothing: downloads still work, they may only be evicted.
 */
async function askForPersistentStorage(): Promise<void> {
  const storage = navigator.storage;
  if (!storage?.persist || (await storage.persisted?.())) return;
  await storage.persist().catch(() => false);
}

/** Fails at once with code 10 when quota minus usage is under 1.1 times `sizeBytes`. */
export async function ensureRoomFor(sizeBytes: number): Promise<void> {
  await askForPersistentStorage();
  const estimate = (await navigator.storage?.estimate?.()) ?? {};
  if (!hasRoomFor(estimate, sizeBytes)) throw new DownloadFailed(NO_SPACE_CODE);
}

/** The response's body, reporting the bytes read so far as it passes through. */
function counted(
  body: ReadableStream<Uint8Array>,
  onChunk: (length: number) => void,
): ReadableStream<Uint8Array> {
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onChunk(chunk.byteLength);
        controller.enqueue(chunk);
      },
    }),
  );
}

const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';
/** A cancel (the download's signal aborted), not a failure. */
export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Removes the files of one download from the cache (a cancelled, failed or deleted one). */
export async function removeFiles(files: readonly DownloadFile[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(DOWNLOADS_CACHE);
  await Promise.all(files.map((file) => cache.delete(file.url)));
}

async function storeFile(
  cache: Cache,
  file: DownloadFile,
  signal: AbortSignal | undefined,
  onChunk: (length: number) => void,
): Promise<void> {
  const response = await fetch(file.url, { credentials: 'same-origin', cache: 'no-store', signal });
  if (!response.ok || !response.body)
    throw new DownloadFailed(null, `${file.url} answered ${response.status}`);
  const headers = new Headers();
  for (const name of ['content-type', 'content-length', 'last-modified', 'etag']) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  // The body streams into the cache as it arrives: a video is never held in memory whole.
  await cache.put(file.url, new Response(counted(response.body, onChunk), { status: 200, headers }));
}

/** The first of several failures: the others are the aborts it caused. */
async function allOrFirstFailure(
  tasks: readonly ((signal: AbortSignal) => Promise<void>)[],
  outer?: AbortSignal,
) {
  const stop = new AbortController();
  const onOuterAbort = () => stop.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  let first: { error: unknown } | null = null;
  await Promise.allSettled(
    tasks.map((task) =>
      task(stop.signal).catch((error: unknown) => {
        first ??= { error };
        stop.abort();
      }),
    ),
  );
  outer?.removeEventListener('abort', onOuterAbort);
  if (first) throw (first as { error: unknown }).error;
}

/**
 * Stores every file whole, all at once (a lesson is a few videos and many small files, and one
 * request at a time would spend the download waiting on round trips), reporting the bytes stored so
 * far. Whatever ends it early (a failed request, a full quota, a cancel) stops the other requests,
 * then removes the files stored; a full quota ends as code 10, an abort as itself, anything else as
 * a failure without a code.
 */
export async function storeFiles(
  files: readonly DownloadFile[],
  { signal, onProgress }: { signal?: AbortSignal; onProgress: (bytes: number) => void },
): Promise<void> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  let bytes = 0;
  let reportedAt = 0;
  const onChunk = (length: number) => {
    bytes += length;
    const now = performance.now();
    if (now - reportedAt < PROGRESS_INTERVAL_MS) return;
    reportedAt = now;
    onProgress(bytes);
  };
  try {
    await allOrFirstFailure(
      files.map((file) => (stop: AbortSignal) => storeFile(cache, file, stop, onChunk)),
      signal,
    );
    onProgress(bytes);
  } catch (error) {
    // Every request has settled: nothing can be put after this removal.
    await removeFiles(files);
    if (isAbort(error) || error instanceof DownloadFailed) throw error;
    if (isQuotaError(error)) throw new DownloadFailed(NO_SPACE_CODE);
    throw new DownloadFailed(null, error instanceof Error ? error.message : String(error));
  }
}
