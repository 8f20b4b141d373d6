import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { downloadMachine, type PreparedFiles } from '../../machines/offline/download.machine';
import { type DownloadActor, downloadsMachine } from '../../machines/offline/downloads.machine';
import type { DownloadLesson, DownloadRecord } from '../../src/domain/learning/download';
import { done, failed } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { noOtherTabs } from './offlineFixtures';

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
  spec: 'Offline issue, Downloads: one download per lesson kept app-wide, restored from the stored records at start; starting a failed one tries it again; cancel, delete, delete all; a lesson another tab stored is added',
  events: [
    { type: 'DOWNLOADS.START', lesson: lesson(31) },
    { type: 'DOWNLOADS.CANCEL', lessonId: 31 },
    { type: 'DOWNLOADS.DELETE', lessonId: 31 },
    { type: 'DOWNLOADS.CLEAR' },
    { type: 'DOWNLOADS.STORED_ELSEWHERE', record: record(31, 'loaded') },
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

  it('adds a lesson another tab stored as stored, and leaves a lesson it holds to its own download', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('readDownloads', []));
    await running.dispatch({ type: 'DOWNLOADS.START', lesson: lesson(31) });
    await running.dispatch({ type: 'DOWNLOADS.STORED_ELSEWHERE', record: record(31, 'loaded') });
    await running.dispatch({ type: 'DOWNLOADS.STORED_ELSEWHERE', record: record(32, 'loaded') });
    expect(keys(running)).toEqual(['31', '32']);
    expect(running.fakes.inputOf('download-31')).toEqual({ lesson: lesson(31) });
    expect(running.fakes.inputOf('download-32')).toEqual({
      lesson: record(32, 'loaded'),
      restored: record(32, 'loaded'),
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

  it('tries a failed download again when its lesson is started, and leaves one under way or stored alone', async () => {
    let preparing = 0;
    const registry = createActor(
      downloadsMachine.provide({
        actors: {
          download: downloadMachine.provide({
            actors: {
              prepareDownload: fromPromise<PreparedFiles, { lesson: DownloadLesson }>(async () => {
                preparing += 1;
                throw { code: null };
              }),
            },
          }),
          readDownloads: fromPromise(async () => [record(32, 'loaded')]),
          clearDownloads: fromPromise(async () => {}),
          watchOtherTabs: noOtherTabs,
        },
      }),
    ).start();
    await waitFor(registry, (snapshot) => snapshot.matches('ready'));
    const child = (lessonId: number) =>
      registry.getSnapshot().context.downloads[String(lessonId)] as DownloadActor;
    registry.send({ type: 'DOWNLOADS.START', lesson: lesson(31) });
    await waitFor(child(31), (snapshot) => snapshot.matches('fail'));
    registry.send({ type: 'DOWNLOADS.START', lesson: lesson(31) });
    await waitFor(child(31), (snapshot) => snapshot.matches('fail') && preparing === 2);
    registry.send({ type: 'DOWNLOADS.START', lesson: lesson(32) });
    expect(child(32).getSnapshot().value).toBe('loaded');
    expect(preparing).toBe(2);
    registry.stop();
  });
});
