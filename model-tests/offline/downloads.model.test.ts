import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { downloadMachine, type PreparedFiles } from '../../machines/offline/download.machine';
import { type DownloadActor, downloadsMachine } from '../../machines/offline/downloads.machine';
import type { DownloadLesson, DownloadRecord } from '../../src/domain/learning/download';
import { done, failed } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { noOtherTabs, restoredDownloads } from './offlineFixtures';

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
  spec: 'Offline issue, Downloads: one download per lesson kept app-wide, restored from the stored records at start; starting a failed one tries it again; cancel, delete, delete all; a lesson another tab stored is added, one it removed or cleared is forgotten',
  events: [
    { type: 'DOWNLOADS.START', lesson: lesson(31) },
    { type: 'DOWNLOADS.CANCEL', lessonId: 31 },
    { type: 'DOWNLOADS.DELETE', lessonId: 31 },
    { type: 'DOWNLOADS.CLEAR' },
    { type: 'DOWNLOADS.STORED_ELSEWHERE', record: record(31, 'loaded') },
    { type: 'DOWNLOADS.REMOVED_ELSEWHERE', lessonId: 31 },
    { type: 'DOWNLOADS.CLEARED_ELSEWHERE' },
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

  /** Whether the registry still runs the lesson's download actor. */
  const running31 = (running: ReturnType<typeof startMachine>) =>
    Object.hasOwn(running.snapshot().children, 'download-31');

  it('forgets a lesson another tab removed and stops its download, and leaves the others', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('readDownloads', [record(31, 'loaded'), record(32, 'loaded')]));
    expect(running31(running)).toBe(true);
    await running.dispatch({ type: 'DOWNLOADS.REMOVED_ELSEWHERE', lessonId: 31 });
    expect(keys(running)).toEqual(['32']);
    expect(running31(running)).toBe(false);
  });

  it('forgets every lesson when another tab cleared them, and stays where it is', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('readDownloads', [record(31, 'loaded'), record(32, 'loaded')]));
    await running.dispatch({ type: 'DOWNLOADS.CLEARED_ELSEWHERE' });
    expect(keys(running)).toEqual([]);
    expect(running31(running)).toBe(false);
    expect(running.snapshot().value).toBe('ready');
  });

  it('changes nothing when another tab removed a lesson it does not hold', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('readDownloads', [record(32, 'loaded')]));
    const before = running.snapshot();
    await running.dispatch({ type: 'DOWNLOADS.REMOVED_ELSEWHERE', lessonId: 31 });
    expect(running.snapshot()).toBe(before);
  });

  it('stops a stored download another tab removed without deleting it again, and cancels one under way', async () => {
    // Lesson 31's download prepares for ever: it is under way.
    const registry = await restoredDownloads([record(32, 'loaded')]);
    registry.send({ type: 'DOWNLOADS.START', lesson: lesson(31) });
    const child = (lessonId: number) =>
      registry.getSnapshot().context.downloads[String(lessonId)] as DownloadActor;
    const [underWay, stored] = [child(31), child(32)];
    expect(underWay.getSnapshot().value).toBe('pending');
    registry.send({ type: 'DOWNLOADS.REMOVED_ELSEWHERE', lessonId: 32 });
    expect(stored.getSnapshot().status).toBe('stopped');
    registry.send({ type: 'DOWNLOADS.REMOVED_ELSEWHERE', lessonId: 31 });
    // Cancelled, it removes what it may have written (its removal is not provided here: it fails and
    // ends all the same).
    await waitFor(underWay, (snapshot) => snapshot.matches('removed'));
    expect(registry.getSnapshot().context.downloads).toEqual({});
    registry.stop();
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
