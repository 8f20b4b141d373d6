import { clear, createStore, del, set, type UseStore, values } from 'idb-keyval';
import type { DownloadRecord } from '../domain/learning/download';
import { DOWNLOADS_CACHE } from './cacheNames';

/**
 * The downloads' records in IndexedDB (idb-keyval), one per lesson: what a reload restores and the
 * Downloads screen lists. The files themselves are in the Cache Storage `DOWNLOADS_CACHE`.
 */
/**
 * One connection for the page, opened on first use: a download writes its record three times, and a
 * connection opened for each write delayed the download's start and end by one opening each.
 */
let store: UseStore | undefined;
const recordsStore = () => (store ??= createStore('lp-downloads', 'lessons'));

export const readDownloadRecords = (): Promise<DownloadRecord[]> => values<DownloadRecord>(recordsStore());

export const saveDownloadRecord = (record: DownloadRecord): Promise<void> =>
  set(record.lessonId, record, recordsStore());

export const deleteDownloadRecord = (lessonId: number): Promise<void> => del(lessonId, recordsStore());

/** Removes every downloaded file and record (at logout, and "delete all" on the Downloads screen). */
export async function clearAllDownloads(): Promise<void> {
  await Promise.all([
    typeof caches === 'undefined' ? Promise.resolve(false) : caches.delete(DOWNLOADS_CACHE),
    clear(recordsStore()),
  ]);
}
