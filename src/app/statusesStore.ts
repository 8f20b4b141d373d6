import { isStatusesCacheFresh } from '../domain/learning/statusesCache';

/**
 * The stream statuses cache (content spec, section 4 "Statuses cache"), one per running app: the
 * calendar and the day page read a stream's statuses through it, so moving between them does not
 * refetch within 5 minutes, and a day started or finished refetches them for both. A failed fetch
 * leaves no mark, so the next read fetches again. The caller hands in the fetch (its API call lives
 * with the learning screens' chunks, not with start-up).
 */
export type StatusesStore<T> = {
  /** The cached statuses while fresh, else a fetch (one at a time per stream). */
  read: (streamId: number, fetch: () => Promise<T>) => Promise<T>;
  /** Always fetches, replacing what is cached. */
  refetch: (streamId: number, fetch: () => Promise<T>) => Promise<T>;
  /** Forgets every stream's statuses (logout clears all state). */
  clear: () => void;
};

type Entry<T> = { fetchedAt: number | null; value: T | null; pending: Promise<T> | null };

export function createStatusesStore<T>(now: () => number = Date.now): StatusesStore<T> {
  const entries = new Map<number, Entry<T>>();

  const entryOf = (streamId: number): Entry<T> => {
    const existing = entries.get(streamId);
    if (existing) return existing;
    const created: Entry<T> = { fetchedAt: null, value: null, pending: null };
    entries.set(streamId, created);
    return created;
  };

  const refetch = (streamId: number, fetch: () => Promise<T>): Promise<T> => {
    const entry = entryOf(streamId);
    const pending = fetch().then(
      (value) => {
        // A newer fetch started meanwhile owns the entry: its answer is the one to keep.
        if (entry.pending === pending) Object.assign(entry, { fetchedAt: now(), value, pending: null });
        return value;
      },
      (error: unknown) => {
        if (entry.pending === pending) Object.assign(entry, { fetchedAt: null, value: null, pending: null });
        throw error;
      },
    );
    entry.pending = pending;
    return pending;
  };

  return {
    read: (streamId, fetch) => {
      const entry = entryOf(streamId);
      if (entry.pending) return entry.pending;
      if (entry.value !== null && isStatusesCacheFresh(entry.fetchedAt, now()))
        return Promise.resolve(entry.value);
      return refetch(streamId, fetch);
    },
    refetch,
    clear: () => entries.clear(),
  };
}
