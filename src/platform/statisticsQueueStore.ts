/**
 * Where queued lesson statistics wait: IndexedDB through idb-keyval, one ordered list per learner
 * under `user:<id>`, so one learner's entries are never read by (nor sent under) another account.
 * The lists live in a database of their own, not idb-keyval's shared default store: a logout clears
 * the learner's cached data, and the statistics must outlive it until they are sent.
 * Every change is a read-modify-write in one IndexedDB transaction (`update`), so two tabs of the
 * same learner adding and removing entries never overwrite each other's.
 */
import { createStore, get, type UseStore, update } from 'idb-keyval';
import { type QueuedStatistic, withEntry } from '../domain/statisticsQueue';

/** The two operations the queue needs from a key-value store (IndexedDB here, a Map in tests). */
export type QueueStorage = {
  get(key: string): Promise<QueuedStatistic[] | undefined>;
  update(key: string, change: (entries: QueuedStatistic[] | undefined) => QueuedStatistic[]): Promise<void>;
};

export type StatisticsQueueStore = {
  load(): Promise<QueuedStatistic[]>;
  add(entry: QueuedStatistic): Promise<void>;
  remove(key: string): Promise<void>;
};

const DATABASE = 'lp-statistics-queue';
const OBJECT_STORE = 'entries';

export const storageKeyOf = (userId: number) => `user:${userId}`;

/** A Map behind the same interface. */
export function memoryStorage(): QueueStorage {
  const lists = new Map<string, QueuedStatistic[]>();
  return {
    get: async (key) => lists.get(key),
    update: async (key, change) => {
      lists.set(key, change(lists.get(key)));
    },
  };
}

function indexedDbStorage(): QueueStorage {
  // Opened on first use: a page that never queues a statistic never opens the database.
  let store: UseStore | null = null;
  const database = () => {
    store ??= createStore(DATABASE, OBJECT_STORE);
    return store;
  };
  return {
    get: (key) => get<QueuedStatistic[]>(key, database()),
    update: (key, change) => update<QueuedStatistic[]>(key, change, database()),
  };
}

/**
 * IndexedDB, or memory where IndexedDB cannot be used: some private modes have no IndexedDB or
 * refuse to open a database, and there the queue still works for the life of the page, though a
 * closed tab loses what was not sent yet. The first failure switches to memory for good (it is
 * reported once); what IndexedDB held stays there for a later page that can read it.
 */
export function createQueueStorage(
  reportError: (error: unknown) => void,
  persistent: QueueStorage | null = typeof indexedDB === 'undefined' ? null : indexedDbStorage(),
): QueueStorage {
  const memory = memoryStorage();
  let current = persistent ?? memory;
  const fallBack = (error: unknown) => {
    if (current === memory) return;
    current = memory;
    reportError(error);
  };
  return {
    async get(key) {
      try {
        return await current.get(key);
      } catch (error) {
        fallBack(error);
        return memory.get(key);
      }
    },
    async update(key, change) {
      try {
        await current.update(key, change);
      } catch (error) {
        fallBack(error);
        await memory.update(key, change);
      }
    },
  };
}

/** One learner's queue in `storage`, oldest entry first. */
export function statisticsQueueStore(storage: QueueStorage, userId: number): StatisticsQueueStore {
  const key = storageKeyOf(userId);
  return {
    load: async () => (await storage.get(key)) ?? [],
    add: (entry) => storage.update(key, (entries = []) => withEntry(entries, entry)),
    remove: (entryKey) =>
      storage.update(key, (entries = []) => entries.filter((entry) => entry.key !== entryKey)),
  };
}
