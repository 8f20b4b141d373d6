import { describe, expect, it } from 'vitest';
import { downloadMachine, type StoreFilesInput } from '../../machines/offline/download.machine';
import { type DownloadLesson, type DownloadRecord, NO_SPACE_CODE } from '../../src/domain/learning/download';
import { done, failed } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';

const lesson: DownloadLesson = {
  lessonId: 31,
  fileId: 3,
  streamId: 5,
  dayId: 12,
  courseTitle: 'Strong back',
  lessonTitle: 'Warm-up',
  files: [
    { url: 'https://app.test/media/videos/3/video.mp4', sizeBytes: 900 },
    { url: 'https://app.test/media/videos/3/subs/en.vtt', sizeBytes: null },
  ],
};
const measured = [
  { url: 'https://app.test/media/videos/3/video.mp4', sizeBytes: 900 },
  { url: 'https://app.test/media/videos/3/subs/en.vtt', sizeBytes: 100 },
];
const stored = (status: DownloadRecord['status'], extra: Partial<DownloadRecord> = {}): DownloadRecord => ({
  ...lesson,
  files: measured,
  status,
  sizeBytes: 1000,
  downloadedAt: null,
  code: null,
  ...extra,
});

const spec = {
  machine: downloadMachine,
  spec: 'Content spec §7–8 Video download: pending, loading, then loaded or fail; no space left is code 10 "Not enough space"; cancel, delete, retry; a reload resumes',
  inputs: [
    { lesson },
    { lesson, restored: stored('loaded', { downloadedAt: 1_700_000_000_000 }) },
    { lesson, restored: stored('fail', { code: NO_SPACE_CODE }) },
    { lesson, restored: stored('fail', { offline: true }) },
    { lesson, restored: stored('loading') },
  ],
  events: [
    { type: 'DOWNLOAD.PROGRESS', bytes: 400 },
    { type: 'DOWNLOAD.CANCEL' },
    { type: 'DOWNLOAD.DELETE' },
    { type: 'DOWNLOAD.RETRY' },
    done('prepareDownload', { files: measured }),
    failed('prepareDownload', { code: NO_SPACE_CODE }),
    failed('prepareDownload', { code: null, offline: true }),
    failed('prepareDownload', new Error('broken')),
    done('storeFiles', 1_700_000_000_000),
    failed('storeFiles', { code: NO_SPACE_CODE }),
    failed('storeFiles', { code: null, offline: true }),
    done('removeDownload'),
    failed('removeDownload', new Error('cache gone')),
  ],
};

describeModel(spec);

describe('download', () => {
  it('measures, stores with progress in percent of the measured size, and ends loaded', async () => {
    const running = startMachine(spec, { lesson });
    expect(running.snapshot().value).toBe('pending');
    await running.dispatch(done('prepareDownload', { files: measured }));
    expect(running.snapshot().context.total).toBe(1000);
    expect((running.fakes.inputOf('storeFiles') as StoreFilesInput).lesson.files).toEqual(measured);
    await running.dispatch({ type: 'DOWNLOAD.PROGRESS', bytes: 455 });
    expect(running.snapshot().context).toMatchObject({ bytes: 455, percent: 45 });
    await running.dispatch(done('storeFiles', 1_700_000_000_000));
    expect(running.snapshot().value).toBe('loaded');
    expect(running.snapshot().context).toMatchObject({ percent: 100, downloadedAt: 1_700_000_000_000 });
  });

  it('tells a failure from a lost network from others, and a retry forgets it', async () => {
    const running = startMachine(spec, { lesson });
    await running.dispatch(failed('prepareDownload', { code: null, offline: true }));
    expect(running.snapshot().context).toMatchObject({ code: null, offline: true });
    await running.dispatch({ type: 'DOWNLOAD.RETRY' });
    await running.dispatch(done('prepareDownload', { files: measured }));
    await running.dispatch(failed('storeFiles', new Error('broken')));
    expect(running.snapshot().value).toBe('fail');
    expect(running.snapshot().context).toMatchObject({ code: null, offline: false });
  });

  it('reports progress through the callback the storing actor is given', async () => {
    const running = startMachine(spec, { lesson });
    await running.dispatch(done('prepareDownload', { files: measured }));
    (running.fakes.inputOf('storeFiles') as StoreFilesInput).onProgress(250);
    await running.settle();
    expect(running.snapshot().context).toMatchObject({ bytes: 250, percent: 25 });
  });

  it('fails with code 10 when there is no room, and a retry starts over', async () => {
    const running = startMachine(spec, { lesson });
    await running.dispatch(failed('prepareDownload', { code: NO_SPACE_CODE }));
    expect(running.snapshot().value).toBe('fail');
    expect(running.snapshot().context.code).toBe(NO_SPACE_CODE);
    await running.dispatch({ type: 'DOWNLOAD.RETRY' });
    expect(running.snapshot().value).toBe('pending');
    expect(running.snapshot().context.code).toBeNull();
  });

  it('keeps the reason of a failure restored after a reload', () => {
    const noRoom = startMachine(spec, { lesson, restored: stored('fail', { code: NO_SPACE_CODE }) });
    expect(noRoom.snapshot().context).toMatchObject({ code: NO_SPACE_CODE, offline: false });
    const cut = startMachine(spec, { lesson, restored: stored('fail', { offline: true }) });
    expect(cut.snapshot().value).toBe('fail');
    expect(cut.snapshot().context).toMatchObject({ code: null, offline: true });
  });

  it('starts again a download a reload cut in loading, and keeps a loaded one', () => {
    expect(startMachine(spec, { lesson, restored: stored('loading') }).snapshot().value).toBe('pending');
    const loaded = startMachine(spec, { lesson, restored: stored('loaded', { downloadedAt: 5 }) });
    expect(loaded.snapshot().value).toBe('loaded');
    expect(loaded.snapshot().context).toMatchObject({ bytes: 1000, percent: 100, downloadedAt: 5 });
  });

  it('removes the stored files when cancelled and ends', async () => {
    const running = startMachine(spec, { lesson });
    await running.dispatch(done('prepareDownload', { files: measured }));
    await running.dispatch({ type: 'DOWNLOAD.CANCEL' });
    expect(running.snapshot().value).toBe('removing');
    expect(running.fakes.inputOf('removeDownload')).toMatchObject({ lesson: { lessonId: 31 } });
    await running.dispatch(done('removeDownload'));
    expect(running.snapshot().status).toBe('done');
  });
});
