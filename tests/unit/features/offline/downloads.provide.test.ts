import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { DownloadActor } from '../../../../machines/offline/downloads.machine';
import type { DownloadFile, DownloadLesson } from '../../../../src/domain/learning/download';

/** The download records in memory (idb-keyval). */
const idb = vi.hoisted(() => ({ records: new Map<unknown, unknown>() }));
vi.mock('idb-keyval', () => ({
  createStore: () => () => {},
  set: async (key: unknown, value: unknown) => {
    idb.records.set(key, value);
  },
  del: async (key: unknown) => {
    idb.records.delete(key);
  },
  values: async () => [...idb.records.values()],
  clear: async () => idb.records.clear(),
}));

const { downloads } = await import('../../../../src/features/offline/downloads.provide');

/** Two lessons that play the same video with its poster (the theory and the execution of one exercise). */
const video: DownloadFile = { url: 'https://app.test/media/videos/4/video.mp4', sizeBytes: 12 };
const poster: DownloadFile = { url: 'https://app.test/media/videos/4/poster.jpg', sizeBytes: 6 };
const subtitles = (lessonId: number): DownloadFile => ({
  url: `https://app.test/media/files/${lessonId}/en.vtt`,
  sizeBytes: 5,
});
const lesson = (lessonId: number, files = [video, poster, subtitles(lessonId)]): DownloadLesson => ({
  lessonId,
  fileId: 4,
  streamId: 5,
  dayId: 12,
  courseTitle: 'Calm mind',
  lessonTitle: `Lesson ${lessonId}`,
  files,
});

let stored: Map<string, string>;
let served: Record<string, string>;
let storage: { quota: number; usage: number };

beforeEach(() => {
  idb.records.clear();
  stored = new Map();
  served = {
    [video.url]: 'video-bytes!',
    [poster.url]: 'poster',
    [subtitles(31).url]: 'WEB31',
    [subtitles(32).url]: 'WEB32',
  };
  storage = { quota: 1_000_000, usage: 0 };
  const cache = {
    put: async (url: string, response: Response) => {
      stored.set(url, await response.text());
    },
    delete: async (url: string) => stored.delete(url),
    match: async (url: string) => (stored.has(url) ? new Response(stored.get(url)) : undefined),
  };
  vi.stubGlobal('caches', { open: async () => cache, delete: async () => true });
  vi.stubGlobal('navigator', {
    onLine: true,
    storage: { persisted: async () => true, estimate: async () => storage },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = served[url];
      return body === undefined ? new Response('missing', { status: 404 }) : new Response(body);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function startRegistry() {
  const registry = createActor(downloads).start();
  await waitFor(registry, (snapshot) => snapshot.matches('ready'));
  const child = (lessonId: number) =>
    registry.getSnapshot().context.downloads[String(lessonId)] as DownloadActor;
  const settled = (lessonId: number) =>
    waitFor(child(lessonId), (snapshot) => snapshot.matches('loaded') || snapshot.matches('fail'));
  const download = async (item: DownloadLesson) => {
    registry.send({ type: 'DOWNLOADS.START', lesson: item });
    return settled(item.lessonId);
  };
  /** Removes the lesson's download (delete or cancel) and waits for its files to go. */
  const remove = async (type: 'DOWNLOADS.DELETE' | 'DOWNLOADS.CANCEL', lessonId: number) => {
    const removed = child(lessonId);
    registry.send({ type, lessonId });
    await waitFor(removed, (snapshot) => snapshot.status === 'done');
  };
  return { registry, child, download, remove };
}

describe('lesson downloads sharing files', () => {
  it("deleting one lesson's download leaves the files another lesson's download needs", async () => {
    const { download, remove } = await startRegistry();
    expect((await download(lesson(31))).value).toBe('loaded');
    expect((await download(lesson(32))).value).toBe('loaded');
    await remove('DOWNLOADS.DELETE', 31);
    expect([...stored.keys()].sort()).toEqual([poster.url, subtitles(32).url, video.url].sort());
    await remove('DOWNLOADS.DELETE', 32);
    expect(stored.size).toBe(0);
    expect(idb.records.size).toBe(0);
  });

  it('a failed download rolls back only its own files', async () => {
    const { download } = await startRegistry();
    await download(lesson(32));
    delete served[subtitles(31).url];
    const failed = await download(lesson(31));
    expect(failed.value).toBe('fail');
    expect([...stored.keys()].sort()).toEqual([poster.url, subtitles(32).url, video.url].sort());
  });

  it('cancelling a download leaves the files another download needs', async () => {
    const { registry, child, download, remove } = await startRegistry();
    await download(lesson(32));
    // Lesson 31's download waits on the room check until it is cancelled.
    vi.stubGlobal('navigator', { onLine: true, storage: { estimate: () => new Promise(() => {}) } });
    registry.send({ type: 'DOWNLOADS.START', lesson: lesson(31) });
    await waitFor(child(31), (snapshot) => snapshot.matches('pending'));
    await remove('DOWNLOADS.CANCEL', 31);
    expect([...stored.keys()].sort()).toEqual([poster.url, subtitles(32).url, video.url].sort());
    expect([...idb.records.keys()]).toEqual([32]);
  });

  it('a lesson whose files another download stored ends downloaded, fetching nothing, with no room left', async () => {
    const { download } = await startRegistry();
    await download(lesson(31));
    const fetched = vi.mocked(fetch).mock.calls.length;
    storage = { quota: 1_000, usage: 1_000 };
    const same = await download(lesson(33, [video, poster]));
    expect(same.value).toBe('loaded');
    expect(same.context).toMatchObject({ bytes: 18, total: 18, percent: 100 });
    expect(vi.mocked(fetch).mock.calls.length).toBe(fetched);
  });

  it('says the network was gone when a download could not reach the server', async () => {
    const { download } = await startRegistry();
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));
    const failed = await download(lesson(31));
    expect(failed.value).toBe('fail');
    expect(failed.context).toMatchObject({ code: null, offline: true });
    expect(stored.size).toBe(0);
    // A reload still tells the learner why.
    expect(idb.records.get(31)).toMatchObject({ status: 'fail', offline: true });
    const reloaded = await startRegistry();
    expect(reloaded.child(31).getSnapshot().context).toMatchObject({ code: null, offline: true });
  });
});

/**
 * The origin's Web Locks as the tabs of one browser share them: one holder per name at a time, the
 * others granted in turn once it is done.
 */
function sharedLocks() {
  const turns = new Map<string, Promise<unknown>>();
  return {
    request: (name: string, _options: unknown, work: () => Promise<unknown>) => {
      const granted = (turns.get(name) ?? Promise.resolve()).then(() => work());
      turns.set(
        name,
        granted.catch(() => {}),
      );
      return granted;
    },
  };
}

describe('two tabs downloading the same lesson', () => {
  /** The video's answer waits until `release` is called: a download still under way. */
  function holdVideo() {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (url === video.url) await held;
      return answer ? answer(url, init) : new Response('missing', { status: 404 });
    });
    return release;
  }
  const videoFetches = () => vi.mocked(fetch).mock.calls.filter(([url]) => url === video.url).length;

  beforeEach(() => {
    vi.stubGlobal('navigator', {
      onLine: true,
      storage: { persisted: async () => true, estimate: async () => storage },
      locks: sharedLocks(),
    });
  });

  /** Two tabs' registries, each downloading lesson 31; the first one's video still on its way. */
  async function bothTabsDownloading() {
    const release = holdVideo();
    const first = await startRegistry();
    const second = await startRegistry();
    for (const tab of [first, second]) {
      tab.registry.send({ type: 'DOWNLOADS.START', lesson: lesson(31) });
      await waitFor(tab.child(31), (snapshot) => snapshot.matches('loading'));
    }
    return { first, second, release };
  }

  it("a second tab waits for the first one's download and takes its result, fetching nothing", async () => {
    const { first, second, release } = await bothTabsDownloading();
    release();
    const [one, other] = await Promise.all([
      waitFor(first.child(31), (snapshot) => snapshot.matches('loaded')),
      waitFor(second.child(31), (snapshot) => snapshot.matches('loaded')),
    ]);
    expect(other.context.downloadedAt).toBe(one.context.downloadedAt);
    expect(videoFetches()).toBe(1);
    expect([...stored.keys()].sort()).toEqual([poster.url, subtitles(31).url, video.url].sort());
    expect(idb.records.get(31)).toMatchObject({ status: 'loaded' });
  });

  it('a lesson one tab stores shows as stored in the other, which did not ask for it', async () => {
    const first = await startRegistry();
    const second = await startRegistry();
    expect((await first.download(lesson(31))).value).toBe('loaded');
    await waitFor(second.registry, (snapshot) => Object.hasOwn(snapshot.context.downloads, '31'));
    expect(second.child(31).getSnapshot().value).toBe('loaded');
    expect(videoFetches()).toBe(1);
    first.registry.stop();
    second.registry.stop();
  });

  it("a tab's removal waits for another tab's download of the lesson, then removes all of it", async () => {
    const { first, second, release } = await bothTabsDownloading();
    // The second tab gives up its download of the lesson while the first one's is on its way.
    const removed = second.remove('DOWNLOADS.CANCEL', 31);
    release();
    await waitFor(first.child(31), (snapshot) => snapshot.matches('loaded'));
    await removed;
    // Nothing half-removed: no file of the lesson and no record stay.
    expect(stored.size).toBe(0);
    expect(idb.records.size).toBe(0);
  });
});
