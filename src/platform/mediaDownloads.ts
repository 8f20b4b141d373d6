import { type DownloadFile, downloadSize, hasRoomFor, NO_SPACE_CODE } from '../domain/learning/download';
import { DOWNLOADS_CACHE } from './cacheNames';

/**
 * Storing a lesson's media for offline playback: each file fetched whole and put in the Cache Storage
 * `DOWNLOADS_CACHE` under its absolute URL, where the service worker answers the player from.
 */

/**
 * A download that could not finish; `code` 10 when the storage had no room (spec, section 8),
 * `offline` when the network was gone, which the learner is told rather than that it failed.
 */
export class DownloadFailed extends Error {
  constructor(
    readonly code: number | null,
    message?: string,
    readonly offline = false,
  ) {
    super(
      message ??
        (code === NO_SPACE_CODE ? 'Not enough space' : offline ? 'No connection' : 'The download failed'),
    );
    this.name = 'DownloadFailed';
  }
}

/** A cancel (the download's signal aborted), not a failure. */
export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A request to the server. fetch rejects only when no answer came (or when aborted): for the
 * download that is a lost network, not a broken file.
 */
async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new DownloadFailed(null, `${url}: ${messageOf(error)}`, true);
  }
}

/**
 * Whatever ended a download, as it reports it: a cancel stays an abort, a full quota is code 10,
 * and any other failure is one without a code, from a lost network when the browser says it is
 * offline (an answer cut midway fails reading its body, not its request).
 */
export function downloadFailure(error: unknown): unknown {
  if (isAbort(error) || error instanceof DownloadFailed) return error;
  if (isQuotaError(error)) return new DownloadFailed(NO_SPACE_CODE);
  return new DownloadFailed(null, messageOf(error), navigator.onLine === false);
}

/** How often progress is reported at most: every part would re-render the page for nothing. */
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
      const response = await request(file.url, { method: 'HEAD', credentials: 'same-origin', signal });
      if (!response.ok) throw new DownloadFailed(null, `${file.url} answered ${response.status}`);
      return { ...file, sizeBytes: contentLength(response) };
    }),
  );
}

/**
 * Asks that the origin's storage be kept under pressure (the browser may refuse or not ask), once
 * per page: the answer does not change between one download and the next, and asking costs each
 * download a few round trips to the browser. A refusal, or a browser that cannot answer, changes
 * nothing: downloads still work, they may only be evicted.
 */
const persistenceAsked = new WeakSet<StorageManager>();
function askForPersistentStorage(): void {
  const storage = navigator.storage;
  if (!storage?.persist || persistenceAsked.has(storage)) return;
  persistenceAsked.add(storage);
  (async () => {
    if (await storage.persisted?.()) return;
    await storage.persist();
  })().catch(() => {});
}

/**
 * Fails at once with code 10 when quota minus usage is under 1.1 times the size of the `files` the
 * device does not hold yet (lessons share media). Which it holds is looked up only when the room
 * would not take them all: the lookup asks the cache for every file, and the storing asks again
 * anyway, so in the usual case of room to spare it only delayed the download's first request.
 * Persistence is asked meanwhile, not waited for: the answer changes neither quota nor usage, and a
 * browser that asks the learner would hold every first download until they answered.
 */
export async function ensureRoomFor(files: readonly DownloadFile[]): Promise<void> {
  askForPersistentStorage();
  const estimate = (await navigator.storage?.estimate?.()) ?? {};
  if (hasRoomFor(estimate, downloadSize(files))) return;
  const stored = await storedUrls(files);
  const missing = files.filter((file) => !stored.has(file.url));
  if (!hasRoomFor(estimate, downloadSize(missing))) throw new DownloadFailed(NO_SPACE_CODE);
}

/**
 * Removes the files of one download from the cache (a cancelled, failed or deleted one), but those
 * `inUse` names: another lesson's download lists the same file and still needs it.
 */
export async function removeFiles(files: readonly DownloadFile[], inUse: ReadonlySet<string>): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(DOWNLOADS_CACHE);
  await Promise.all(files.filter((file) => !inUse.has(file.url)).map((file) => cache.delete(file.url)));
}

/**
 * The URLs of `files` the cache holds already, stored by another lesson's download that lists the
 * same file (or by a download a closed page cut): a download neither fetches them again nor needs
 * room for them. A stored file is whole: the cache puts an answer all at once or not at all.
 */
export async function storedUrls(files: readonly DownloadFile[]): Promise<ReadonlySet<string>> {
  if (typeof caches === 'undefined') return new Set();
  const cache = await caches.open(DOWNLOADS_CACHE);
  const stored = await Promise.all(
    // As the worker finds it: the stored answer's Vary must not hide it.
    files.map(async (file) => ((await cache.match(file.url, { ignoreVary: true })) ? [file.url] : [])),
  );
  return new Set(stored.flat());
}

/**
 * A large file is fetched in parts of this size, a few at a time, so the progress moves while it
 * arrives; the browser reads each part whole into a Blob. No body is read in the page: a stream piped
 * through script, to count its bytes, costs the main thread every chunk and made a download half as
 * fast as a plain fetch.
 */
const PART_BYTES = 2 * 1024 * 1024;
const PARTS_IN_FLIGHT = 3;
/**
 * Parts in flight together share the link and land together, so a file of no more parts than that
 * would show no earlier progress for them, only cost a request per part (on a fast link a request
 * costs about as much as a part's bytes): it comes in one request.
 */
const IN_PARTS_ABOVE = PART_BYTES * PARTS_IN_FLIGHT;

const fetchMedia = (url: string, signal: AbortSignal | undefined, headers: Record<string, string> = {}) =>
  request(url, { credentials: 'same-origin', cache: 'no-store', signal, headers });

/** The total size a 206's `Content-Range` (`bytes 0-99/1000`) names, or null. */
const rangeTotal = (response: Response): number | null => {
  const total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]);
  return Number.isSafeInteger(total) && total > 0 ? total : null;
};

/** The stored answer of a file read first: its bytes with the headers the worker serves it with. */
function storedResponse(from: Response, body: Blob): Response {
  const headers = new Headers({ 'content-length': String(body.size) });
  for (const name of ['content-type', 'last-modified', 'etag']) {
    const value = from.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(body, { status: 200, headers });
}

/**
 * Fetches the file into the cache. A file answered whole is put in the cache as it arrives, as the
 * server sent it: the browser streams it to disk itself, where reading it into a Blob first and
 * storing that afterwards added the time of a copy. Only a compressed answer (a long subtitle file)
 * is read first: its bytes are stored decoded, so it is stored without the encoding its headers name.
 * A large file's first part is asked for with a range; a server that sends the whole file instead
 * has answered everything. The other parts carry `If-Range` with the first part's validator, so a
 * file replaced on the server mid-download answers 200 and fails the download instead of mixing two
 * versions.
 */
async function storeFile(
  cache: Promise<Cache>,
  file: DownloadFile,
  signal: AbortSignal | undefined,
  onBytes: (length: number) => void,
): Promise<void> {
  const failed = (response: Response) => new DownloadFailed(null, `${file.url} answered ${response.status}`);
  const inParts = file.sizeBytes !== null && file.sizeBytes > IN_PARTS_ABOVE;
  const first = await fetchMedia(file.url, signal, inParts ? { range: `bytes=0-${PART_BYTES - 1}` } : {});
  if (!first.ok) throw failed(first);
  const total = first.status === 206 ? rangeTotal(first) : null;
  if (total === null) {
    const whole = first.headers.has('content-encoding') ? storedResponse(first, await first.blob()) : first;
    await (await cache).put(file.url, whole);
    // Its listed size, which the download's total counts (nothing for a file of unknown size).
    onBytes(file.sizeBytes ?? 0);
    return;
  }
  const validator = first.headers.get('etag') ?? first.headers.get('last-modified') ?? '';
  const readPart = async (response: Response, expected: number) => {
    const part = await response.blob();
    if (part.size !== expected)
      throw new DownloadFailed(null, `${file.url} sent a part of ${part.size} bytes`);
    onBytes(part.size);
    return part;
  };
  const parts: Blob[] = [];
  const count = Math.ceil(total / PART_BYTES);
  let next = 1;
  const fetchParts = async () => {
    while (next < count) {
      const index = next++;
      const start = index * PART_BYTES;
      const end = Math.min(total, start + PART_BYTES) - 1;
      const headers: Record<string, string> = { range: `bytes=${start}-${end}` };
      if (validator) headers['if-range'] = validator;
      const response = await fetchMedia(file.url, signal, headers);
      if (response.status !== 206) throw failed(response);
      parts[index] = await readPart(response, end - start + 1);
    }
  };
  await Promise.all([
    readPart(first, Math.min(PART_BYTES, total)).then((part) => {
      parts[0] = part;
    }),
    ...Array.from({ length: PARTS_IN_FLIGHT - 1 }, fetchParts),
  ]);
  await (await cache).put(file.url, storedResponse(first, new Blob(parts)));
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
 * request at a time would spend the download waiting on round trips), reporting the bytes fetched so
 * far. Whatever ends it early (a failed request, a full quota, a cancel) stops the other requests,
 * then removes the files, but those other downloads need (`inUse`, asked then: another lesson's
 * download may have stored the same file meanwhile); it ends as `downloadFailure` says.
 */
export async function storeFiles(
  files: readonly DownloadFile[],
  {
    signal,
    onProgress,
    inUse,
  }: {
    signal?: AbortSignal;
    onProgress: (bytes: number) => void;
    inUse: () => Promise<ReadonlySet<string>>;
  },
): Promise<void> {
  // The requests go out at once; the cache opens meanwhile (on a busy page that alone takes a while).
  const cache = caches.open(DOWNLOADS_CACHE);
  // Each file awaits it before being stored; should every request fail first, nobody would.
  cache.catch(() => {});
  let bytes = 0;
  let reportedAt = 0;
  const onBytes = (length: number) => {
    bytes += length;
    const now = performance.now();
    if (now - reportedAt < PROGRESS_INTERVAL_MS) return;
    reportedAt = now;
    onProgress(bytes);
  };
  try {
    await allOrFirstFailure(
      files.map((file) => (stop: AbortSignal) => storeFile(cache, file, stop, onBytes)),
      signal,
    );
    onProgress(bytes);
  } catch (error) {
    // Every request has settled: nothing can be put after this removal.
    await removeFiles(files, await inUse());
    throw downloadFailure(error);
  }
}
