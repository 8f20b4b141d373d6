import { describe, expect, it, vi } from 'vitest';
import type { DownloadRecord } from '../../../src/domain/learning/download';

/** idb-keyval over one in-memory store; `createStore` counts the connections the records open. */
const idb = vi.hoisted(() => {
  const records = new Map<unknown, unknown>();
  const useStore = vi.fn();
  return { records, createStore: vi.fn(() => useStore) };
});
vi.mock('idb-keyval', () => ({
  createStore: idb.createStore,
  set: async (key: unknown, value: unknown) => {
    idb.records.set(key, value);
  },
  del: async (key: unknown) => {
    idb.records.delete(key);
  },
  values: async () => [...idb.records.values()],
  clear: async () => idb.records.clear(),
}));

const { deleteDownloadRecord, readDownloadRecords, saveDownloadRecord } = await import(
  '../../../src/platform/downloadsStore'
);

const record = (status: DownloadRecord['status']): DownloadRecord => ({
  lessonId: 8,
  fileId: 14,
  streamId: 2,
  dayId: 40,
  courseTitle: 'Breathing basics',
  lessonTitle: 'Box breathing',
  files: [{ url: 'https://app.test/media/videos/14/video.mp4', sizeBytes: 1200 }],
  status,
  sizeBytes: 1200,
  downloadedAt: null,
  code: null,
});

describe('download records', () => {
  it('share one connection however many times a download writes its record', async () => {
    await saveDownloadRecord(record('pending'));
    await saveDownloadRecord(record('loading'));
    await saveDownloadRecord({ ...record('loaded'), downloadedAt: 1_700_000_000_000 });
    expect(await readDownloadRecords()).toMatchObject([{ status: 'loaded' }]);
    await deleteDownloadRecord(8);
    expect(await readDownloadRecords()).toEqual([]);
    expect(idb.createStore).toHaveBeenCalledOnce();
  });
});
