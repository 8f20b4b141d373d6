import { describe, expect, it, vi } from 'vitest';
import type { QueuedStatistic } from '../../../src/domain/statisticsQueue';
import {
  createQueueStorage,
  memoryStorage,
  type QueueStorage,
  statisticsQueueStore,
  storageKeyOf,
} from '../../../src/platform/statisticsQueueStore';

const entry = (key: string): QueuedStatistic => ({
  key,
  streamId: 5,
  dayId: 12,
  lessonSetLessonId: 301,
  viewedSeconds: 8,
  playCount: 1,
  queuedAt: 1_700_000_000_000,
});

/** A storage whose every call fails, as IndexedDB does in some private modes. */
const unavailable = (): QueueStorage => ({
  get: () => Promise.reject(new DOMException('The user denied permission', 'InvalidStateError')),
  update: () => Promise.reject(new DOMException('The user denied permission', 'InvalidStateError')),
});

describe('statistics queue store', () => {
  it('keeps one ordered list per learner, each entry once', async () => {
    const storage = memoryStorage();
    const ada = statisticsQueueStore(storage, 7);
    await ada.add(entry('a'));
    await ada.add(entry('b'));
    await ada.add(entry('a'));
    expect((await ada.load()).map((queued) => queued.key)).toEqual(['a', 'b']);
    await ada.remove('a');
    expect((await ada.load()).map((queued) => queued.key)).toEqual(['b']);
    expect(await storage.get(storageKeyOf(7))).toEqual([entry('b')]);
  });

  it("never shows one learner's entries to another", async () => {
    const storage = memoryStorage();
    await statisticsQueueStore(storage, 7).add(entry('a'));
    expect(await statisticsQueueStore(storage, 8).load()).toEqual([]);
    await statisticsQueueStore(storage, 8).remove('a');
    expect(await statisticsQueueStore(storage, 7).load()).toEqual([entry('a')]);
  });

  it('keeps both changes of two writers that do not see each other (two tabs)', async () => {
    const storage = memoryStorage();
    const firstTab = statisticsQueueStore(storage, 7);
    const secondTab = statisticsQueueStore(storage, 7);
    await Promise.all([firstTab.add(entry('a')), secondTab.add(entry('b'))]);
    await firstTab.remove('a');
    expect(await secondTab.load()).toEqual([entry('b')]);
  });

  it('works from memory where IndexedDB cannot be used, and says so once', async () => {
    const reportError = vi.fn();
    const store = statisticsQueueStore(createQueueStorage(reportError, unavailable()), 7);
    expect(await store.load()).toEqual([]);
    await store.add(entry('a'));
    await store.add(entry('b'));
    await store.remove('a');
    expect(await store.load()).toEqual([entry('b')]);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError.mock.calls[0]?.[0]).toBeInstanceOf(DOMException);
  });

  it('uses memory without a report where the browser has no IndexedDB at all', async () => {
    const reportError = vi.fn();
    const store = statisticsQueueStore(createQueueStorage(reportError, null), 7);
    await store.add(entry('a'));
    expect(await store.load()).toEqual([entry('a')]);
    expect(reportError).not.toHaveBeenCalled();
  });
});
