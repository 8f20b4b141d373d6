import { describe, expect, it } from 'vitest';
import { downloadsMachine } from '../../machines/offline/downloads.machine';
import type { DownloadLesson, DownloadRecord } from '../../src/domain/learning/download';
import { done, failed } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';

const lesson = (lessonId: number): DownloadLesson => ({
  lessonId,
  fileId: lessonId + 100,
  streamId: 5,
  dayId: 12,
  courseTitle: 'Strong back',
  lessonTitle: `Lesson ${lessonId}`,
  files: [{ url: `https://app.test/media/videos/${lessonId}/video.mp4`, sizeBytes: 900 }],
});
const record = (lessonId: number, status: DownloadRecord['status']): DownloadRecord => ({
  ...lesson(lessonId),
  status,
  sizeBytes: 900,
  downloadedAt: status === 'loaded' ? 1_700_000_000_000 : null,
  code: null,
});

const spec = {
  machine: downloadsMachine,
  spec: 'Offline issue, Downloads: one download per lesson kept app-wide, restored from the stored records at start; cancel, delete, delete all',
  events: [
    { type: 'DOWNLOADS.START', lesson: lesson(31) },
    { type: 'DOWNLOADS.CANCEL', lessonId: 31 },
    { type: 'DOWNLOADS.DELETE', lessonId: 31 },
    { type: 'DOWNLOADS.CLEAR' },
    done('readDownloads', [record(31, 'loaded'), record(32, 'loading')]),
    failed('readDownloads', new Error('IndexedDB unavailable')),
    done('clearDownloads'),
    failed('clearDownloads', new Error('cache gone')),
  ],
};

describeModel(spec);

const keys = (running: ReturnType<typeof startMachine>) =>
  Object.keys(running.snapshot().context.downloads as Record<string, unknown>);

describe('downloads', () => {
  it('restores every stored download, and a started one wins over its record', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'DOWNLOADS.START', lesson: lesson(31) });
    await running.dispatch(done('readDownloads', [record(31, 'loaded'), record(32, 'loading')]));
    expect(keys(running)).toEqual(['31', '32']);
    expect(running.fakes.inputOf('download-31')).toEqual({ lesson: lesson(31) });
    expect(running.fakes.inputOf('download-32')).toEqual({
      lesson: record(32, 'loading'),
      restored: record(32, 'loading'),
    });
  });

  it('starts a lesson once, forgets it when cancelled or deleted, and clears them all', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('readDownloads', []));
    await running.dispatch({ type: 'DOWNLOADS.START', lesson: lesson(31) });
    await running.dispatch({ type: 'DOWNLOADS.START', lesson: lesson(31) });
    expect(running.fakes.started.filter((actor) => actor.id === 'download-31')).toHaveLength(1);
    await running.dispatch({ type: 'DOWNLOADS.CANCEL', lessonId: 31 });
    expect(keys(running)).toEqual([]);
    await running.dispatch({ type: 'DOWNLOADS.START', lesson: lesson(33) });
    await running.dispatch({ type: 'DOWNLOADS.CLEAR' });
    expect(keys(running)).toEqual([]);
    expect(running.snapshot().value).toBe('clearing');
    await running.dispatch(done('clearDownloads'));
    expect(running.snapshot().value).toBe('ready');
  });
});
