import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_SPACE_CODE } from '../../../src/domain/learning/download';
import { DOWNLOADS_CACHE } from '../../../src/platform/cacheNames';
import {
  DownloadFailed,
  downloadFailure,
  ensureRoomFor,
  measureFiles,
  removeFiles,
  storedUrls,
  storeFiles,
} from '../../../src/platform/mediaDownloads';

/**
 * A Cache Storage of one cache in memory, holding `stored` at first; `failPutAfter` makes the nth
 * put throw a quota error.
 */
function memoryCaches(failPutAfter = Number.POSITIVE_INFINITY, stored: Record<string, string> = {}) {
  const entries = new Map<string, string>(Object.entries(stored));
  let puts = 0;
  const cache = {
    async put(url: string, response: Response) {
      puts += 1;
      const body = await response.text();
      if (puts > failPutAfter) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      entries.set(url, body);
    },
    delete: async (url: string) => entries.delete(url),
    match: async (url: string) => (entries.has(url) ? new Response(entries.get(url)) : undefined),
  };
  const opened: string[] = [];
  return {
    entries,
    opened,
    cache,
    storage: {
      open: async (name: string) => {
        opened.push(name);
        return cache;
      },
    },
  };
}

const video = { url: 'https://app.test/media/videos/1/video.mp4', sizeBytes: 12 };
const subtitles = { url: 'https://app.test/media/videos/1/subs/en.vtt', sizeBytes: 5 };
const files = [video, subtitles];
/** No other download lists any of the files. */
const noneShared = async () => new Set<string>();
const bodies: Record<string, string> = {
  'https://app.test/media/videos/1/video.mp4': 'video-bytes!',
  'https://app.test/media/videos/1/subs/en.vtt': 'WEBVT',
};

beforeEach(() => {
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = bodies[url];
      if (body === undefined) return new Response('missing', { status: 404 });
      const headers = { 'content-type': 'text/plain', 'content-length': String(body.length) };
      return new Response(init?.method === 'HEAD' ? null : body, { headers });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('storeFiles', () => {
  it('stores every file whole under its URL in the download cache and reports the bytes', async () => {
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches.storage);
    const progress: number[] = [];
    await storeFiles(files, { onProgress: (bytes) => progress.push(bytes), inUse: noneShared });
    expect(caches.opened).toEqual([DOWNLOADS_CACHE]);
    expect(Object.fromEntries(caches.entries)).toEqual(bodies);
    expect(progress.at(-1)).toBe(17);
  });

  it('rolls back the files it stored when the quota runs out, and ends with code 10', async () => {
    const caches = memoryCaches(1);
    vi.stubGlobal('caches', caches.storage);
    const failure = await storeFiles(files, { onProgress: () => {}, inUse: noneShared }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DownloadFailed);
    expect((failure as DownloadFailed).code).toBe(NO_SPACE_CODE);
    expect((failure as DownloadFailed).message).toBe('Not enough space');
    expect(caches.entries.size).toBe(0);
  });

  it('rolls back and fails without a code when a file cannot be fetched', async () => {
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches.storage);
    const withMissing = [...files, { url: 'https://app.test/media/videos/1/poster.jpg', sizeBytes: 1 }];
    const failure = await storeFiles(withMissing, { onProgress: () => {}, inUse: noneShared }).catch(
      (error: unknown) => error,
    );
    expect((failure as DownloadFailed).code).toBeNull();
    expect(caches.entries.size).toBe(0);
  });

  it("streams a file answered whole into the cache: the server's answer itself is stored", async () => {
    const caches = memoryCaches();
    const put = vi.spyOn(caches.cache, 'put');
    vi.stubGlobal('caches', caches.storage);
    await storeFiles([video], { onProgress: () => {}, inUse: noneShared });
    const answer = await vi.mocked(fetch).mock.results[0]?.value;
    expect(put).toHaveBeenCalledWith(video.url, answer);
  });

  it('stores a compressed answer without the encoding its bytes no longer have', async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      new Response('WEBVT', {
        headers: { 'content-type': 'text/vtt', 'content-encoding': 'gzip', etag: '"s1"' },
      }),
    );
    const caches = memoryCaches();
    const put = vi.spyOn(caches.cache, 'put');
    vi.stubGlobal('caches', caches.storage);
    await storeFiles([subtitles], { onProgress: () => {}, inUse: noneShared });
    const stored = put.mock.calls[0]?.[1];
    expect(Object.fromEntries(stored?.headers ?? [])).toEqual({
      'content-type': 'text/vtt',
      'content-length': '5',
      etag: '"s1"',
    });
    expect(caches.entries.get(subtitles.url)).toBe('WEBVT');
  });

  it('asks for the files without waiting for the download cache to open', async () => {
    const caches = memoryCaches();
    const fetchedBeforeOpen: boolean[] = [];
    vi.stubGlobal('caches', {
      open: async (name: string) => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        fetchedBeforeOpen.push(vi.mocked(fetch).mock.calls.length === files.length);
        return caches.storage.open(name);
      },
    });
    await storeFiles(files, { onProgress: () => {}, inUse: noneShared });
    expect(fetchedBeforeOpen).toEqual([true]);
    expect(Object.fromEntries(caches.entries)).toEqual(bodies);
  });

  it('removes a download whatever it stored', async () => {
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches.storage);
    await storeFiles(files, { onProgress: () => {}, inUse: noneShared });
    await removeFiles(files, new Set());
    expect(caches.entries.size).toBe(0);
  });

  it('removes a download but the files another download needs', async () => {
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches.storage);
    await storeFiles(files, { onProgress: () => {}, inUse: noneShared });
    await removeFiles(files, new Set([video.url]));
    expect([...caches.entries.keys()]).toEqual([video.url]);
  });

  it('rolls a failed download back but the files another download needs, asked at the rollback', async () => {
    // Another lesson's download stored the same video.
    const caches = memoryCaches(Number.POSITIVE_INFINITY, { [video.url]: bodies[video.url] ?? '' });
    vi.stubGlobal('caches', caches.storage);
    const inUse = vi.fn(async () => new Set([video.url]));
    const withMissing = [...files, { url: 'https://app.test/media/videos/1/poster.jpg', sizeBytes: 1 }];
    const failure = await storeFiles(withMissing, { onProgress: () => {}, inUse }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DownloadFailed);
    expect(inUse).toHaveBeenCalledOnce();
    expect([...caches.entries.keys()]).toEqual([video.url]);
  });

  it('rolls a download out of quota back but the files another download needs', async () => {
    // Another lesson's download stored the same video; no room is left for anything.
    const caches = memoryCaches(0, { [video.url]: bodies[video.url] ?? '' });
    vi.stubGlobal('caches', caches.storage);
    const shared = async () => new Set([video.url]);
    const failure = await storeFiles(files, { onProgress: () => {}, inUse: shared }).catch(
      (error: unknown) => error,
    );
    expect((failure as DownloadFailed).code).toBe(NO_SPACE_CODE);
    expect([...caches.entries.keys()]).toEqual([video.url]);
  });

  it('says the network was gone when a request got no answer', async () => {
    vi.stubGlobal('caches', memoryCaches().storage);
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const failure = await storeFiles(files, { onProgress: () => {}, inUse: noneShared }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DownloadFailed);
    expect(failure).toMatchObject({ code: null, offline: true });
  });

  it('ends a cancelled download as an abort, not as a failure', async () => {
    vi.stubGlobal('caches', memoryCaches().storage);
    const cancel = new AbortController();
    vi.mocked(fetch).mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    );
    const stored = storeFiles(files, { signal: cancel.signal, onProgress: () => {}, inUse: noneShared });
    cancel.abort();
    await expect(stored).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('storedUrls', () => {
  it('names the files the download cache holds already', async () => {
    vi.stubGlobal('caches', memoryCaches(Number.POSITIVE_INFINITY, { [video.url]: 'video-bytes!' }).storage);
    expect([...(await storedUrls(files))]).toEqual([video.url]);
  });
});

describe('downloadFailure', () => {
  it('reports a failure while the browser is offline as a lost network', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(downloadFailure(new Error('network error'))).toMatchObject({ code: null, offline: true });
  });

  it('reports a full quota as code 10 and any other failure without a code', () => {
    expect(downloadFailure(new DOMException('full', 'QuotaExceededError'))).toMatchObject({
      code: NO_SPACE_CODE,
      offline: false,
    });
    expect(downloadFailure(new Error('broken'))).toMatchObject({ code: null, offline: false });
  });
});

describe('storeFiles of a large file', () => {
  const PART = 2 * 1024 * 1024;
  /** More parts than go in flight at once (three). */
  const large = { url: 'https://app.test/media/videos/2/video.mp4', sizeBytes: 7 * 1024 * 1024 + 7 };
  const bytesOf = (size: number) => 'abcdefghij'.repeat(Math.ceil(size / 10)).slice(0, size);
  const bytes = bytesOf(large.sizeBytes);
  /** The server's answers, ranged or whole, of `served`; from request `changeAfter` on, another version (ETag). */
  function rangedServer(changeAfter = Number.POSITIVE_INFINITY, served = bytes) {
    const asked: { range: string | null; ifRange: string | null }[] = [];
    const fetchRanged = vi.fn(async (_url: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      asked.push({ range: headers.get('range'), ifRange: headers.get('if-range') });
      const etag = asked.length > changeAfter ? '"v2"' : '"v1"';
      const range = /^bytes=(\d+)-(\d+)$/.exec(headers.get('range') ?? '');
      const ifRange = headers.get('if-range');
      if (!range || (ifRange !== null && ifRange !== etag)) {
        return new Response(served, { headers: { etag, 'content-length': String(served.length) } });
      }
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), served.length - 1);
      return new Response(served.slice(start, end + 1), {
        status: 206,
        headers: {
          etag,
          'content-type': 'video/mp4',
          'content-range': `bytes ${start}-${end}/${served.length}`,
        },
      });
    });
    vi.stubGlobal('fetch', fetchRanged);
    return asked;
  }

  it("fetches it in parts, each after the first bound to the first part's version, and stores it whole", async () => {
    const asked = rangedServer();
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches.storage);
    const progress: number[] = [];
    await storeFiles([large], { onProgress: (done) => progress.push(done), inUse: noneShared });
    expect(caches.entries.get(large.url)).toBe(bytes);
    expect(asked.map((request) => request.range).sort()).toEqual(
      [
        `bytes=0-${PART - 1}`,
        `bytes=${PART}-${2 * PART - 1}`,
        `bytes=${2 * PART}-${3 * PART - 1}`,
        `bytes=${3 * PART}-${bytes.length - 1}`,
      ].sort(),
    );
    expect(asked.slice(1).every((request) => request.ifRange === '"v1"')).toBe(true);
    expect(progress.at(-1)).toBe(large.sizeBytes);
  });

  it('fetches a file of no more parts than go in flight at once in one request', async () => {
    const sizeBytes = 3 * PART;
    const asked = rangedServer(Number.POSITIVE_INFINITY, bytesOf(sizeBytes));
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches.storage);
    const progress: number[] = [];
    await storeFiles([{ url: large.url, sizeBytes }], {
      onProgress: (done) => progress.push(done),
      inUse: noneShared,
    });
    expect(asked).toEqual([{ range: null, ifRange: null }]);
    expect(caches.entries.get(large.url)).toBe(bytesOf(sizeBytes));
    expect(progress.at(-1)).toBe(sizeBytes);
  });

  it('fails and keeps nothing when the file changes on the server between its parts', async () => {
    rangedServer(1);
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches.storage);
    const failure = await storeFiles([large], { onProgress: () => {}, inUse: noneShared }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DownloadFailed);
    expect((failure as DownloadFailed).code).toBeNull();
    expect(caches.entries.size).toBe(0);
  });
});

describe('measureFiles', () => {
  it('says the network was gone when a size could not be asked', async () => {
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(measureFiles([{ ...subtitles, sizeBytes: null }])).rejects.toMatchObject({
      code: null,
      offline: true,
    });
  });

  it('asks the size of files the server did not report with HEAD', async () => {
    const measured = await measureFiles([video, { ...subtitles, sizeBytes: null }]);
    expect(measured.map((file) => file.sizeBytes)).toEqual([12, 5]);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetch).mock.calls[0]?.[1]).toMatchObject({ method: 'HEAD' });
  });
});

describe('ensureRoomFor', () => {
  const storage = (quota: number, usage: number) => ({
    persisted: async () => false,
    persist: vi.fn(async () => true),
    estimate: async () => ({ quota, usage }),
  });
  const lesson = [
    { url: video.url, sizeBytes: 900 },
    { url: subtitles.url, sizeBytes: 100 },
  ];

  it('asks for persistent storage and passes with 1.1 times the size free, without asking the cache', async () => {
    const granted = storage(1_100, 0);
    vi.stubGlobal('navigator', { storage: granted });
    const cacheStorage = memoryCaches();
    vi.stubGlobal('caches', cacheStorage.storage);
    await expect(ensureRoomFor(lesson)).resolves.toBeUndefined();
    expect(granted.persist).toHaveBeenCalledOnce();
    expect(cacheStorage.opened).toEqual([]);
  });

  it('checks the room without waiting for the answer on persistence', async () => {
    const unanswered = { ...storage(1_100, 0), persist: vi.fn(() => new Promise<boolean>(() => {})) };
    vi.stubGlobal('navigator', { storage: unanswered });
    const waited = new Promise((resolve) => setTimeout(() => resolve('waited for the answer'), 100));
    await expect(Promise.race([ensureRoomFor(lesson), waited])).resolves.toBeUndefined();
    expect(unanswered.persist).toHaveBeenCalledOnce();
  });

  it('fails at once with code 10 below that', async () => {
    vi.stubGlobal('navigator', { storage: storage(1_100, 1) });
    vi.stubGlobal('caches', memoryCaches().storage);
    await expect(ensureRoomFor(lesson)).rejects.toMatchObject({
      code: NO_SPACE_CODE,
      message: 'Not enough space',
    });
  });

  it('counts only the files the device does not hold yet when the room would not take them all', async () => {
    vi.stubGlobal('navigator', { storage: storage(200, 0) });
    vi.stubGlobal('caches', memoryCaches(Number.POSITIVE_INFINITY, { [video.url]: 'video-bytes!' }).storage);
    await expect(ensureRoomFor(lesson)).resolves.toBeUndefined();
    vi.stubGlobal('caches', memoryCaches(Number.POSITIVE_INFINITY, { [subtitles.url]: 'WEBVT' }).storage);
    await expect(ensureRoomFor(lesson)).rejects.toMatchObject({ code: NO_SPACE_CODE });
  });
});
