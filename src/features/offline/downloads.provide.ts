import { fromCallback, fromPromise } from 'xstate';
import { downloadMachine, type StoreFilesInput } from '../../../machines/offline/download.machine';
import { type DownloadsEvent, downloadsMachine } from '../../../machines/offline/downloads.machine';
import {
  type DownloadLesson,
  type DownloadRecord,
  downloadSize,
  validateDownload,
} from '../../domain/learning/download';
import { filesInUse } from '../../domain/learning/sharedFiles';
import {
  announceCleared,
  announceRemoved,
  announceStored,
  type DownloadsNews,
  watchDownloadsElsewhere,
} from '../../platform/downloadsChannel';
import {
  clearAllDownloads,
  deleteDownloadRecord,
  readDownloadRecords,
  saveDownloadRecord,
} from '../../platform/downloadsStore';
import { withLessonLock } from '../../platform/lessonLock';
import {
  DownloadFailed,
  downloadFailure,
  ensureRoomFor,
  isAbort,
  measureFiles,
  removeFiles,
  storedUrls,
  storeFiles,
} from '../../platform/mediaDownloads';

const record = (
  lesson: DownloadLesson,
  status: DownloadRecord['status'],
  extra: Partial<Pick<DownloadRecord, 'downloadedAt' | 'code' | 'offline'>> = {},
): DownloadRecord => ({
  ...lesson,
  status,
  sizeBytes: downloadSize(lesson.files),
  downloadedAt: null,
  code: null,
  ...extra,
});

/** What a failure's record keeps of it: its code, and whether the network was gone. */
const failureRecorded = (error: unknown) =>
  error instanceof DownloadFailed ? { code: error.code, offline: error.offline } : {};

/**
 * Runs `work` while `state` is written, so the files start at once instead of after the write, and
 * ends only once both have: a record written later (loaded, fail) then always comes after this one.
 */
async function whileRecording<T>(state: DownloadRecord, work: () => Promise<T>): Promise<T> {
  const written = saveDownloadRecord(state);
  try {
    return await work();
  } finally {
    await written;
  }
}

/**
 * Records a failure so a reload finds the download failed (with its code, and whether the network
 * was gone), then passes it on as the download reports it (code 10, a lost network, or another).
 */
async function recordingFailure<T>(
  lesson: DownloadLesson,
  signal: AbortSignal,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure = downloadFailure(error);
    // A cancelled download is being removed: recording it as failed would bring it back.
    if (!isAbort(failure) && !signal.aborted) {
      await saveDownloadRecord(record(lesson, 'fail', failureRecorded(failure)));
    }
    throw failure;
  }
}

/**
 * The files the downloads of other lessons need, as their records say when asked (one may have
 * started since this download did): removing this one's files leaves them.
 */
const neededByOthers = async (lessonId: number) => filesInUse(await readDownloadRecords(), lessonId);

/** When the lesson's download finished, as its record says; null unless it is stored. */
async function downloadedAt(lessonId: number): Promise<number | null> {
  const done = (await readDownloadRecords()).find(
    (item) => item.lessonId === lessonId && item.status === 'loaded',
  );
  return done ? (done.downloadedAt ?? Date.now()) : null;
}

/** A lesson's download: its record kept current in IndexedDB, its files in the download cache. */
const download = downloadMachine.provide({
  actors: {
    prepareDownload: fromPromise(
      ({ input: { lesson }, signal }: { input: { lesson: DownloadLesson }; signal: AbortSignal }) =>
        recordingFailure(lesson, signal, async () => {
          const invalid = validateDownload(lesson);
          if (invalid) throw new DownloadFailed(null, invalid);
          // The record is written while the sizes and the space are checked, but always before a
          // failure is recorded over it; from then on it keeps the files found stored for this
          // download too, should their own download be removed.
          return whileRecording(record(lesson, 'pending'), async () => {
            const files = await measureFiles(lesson.files, signal);
            await ensureRoomFor(files);
            return { files };
          });
        }),
    ),
    storeFiles: fromPromise(
      ({ input: { lesson, onProgress }, signal }: { input: StoreFilesInput; signal: AbortSignal }) =>
        recordingFailure(lesson, signal, () =>
          withLessonLock(lesson.lessonId, signal, async () => {
            // Another tab may have stored the lesson while this one waited for it; the files stored
            // are found now, not while preparing, as another tab may have stored or removed some
            // since. Both are asked at once: each is a round trip to the browser before the first request.
            const [finished, stored] = await Promise.all([
              downloadedAt(lesson.lessonId),
              storedUrls(lesson.files),
            ]);
            if (finished !== null) return finished;
            const missing = lesson.files.filter((file) => !stored.has(file.url));
            const kept = downloadSize(lesson.files) - downloadSize(missing);
            await whileRecording(record(lesson, 'loading'), () =>
              storeFiles(missing, {
                signal,
                onProgress: (bytes) => onProgress(kept + bytes),
                inUse: () => neededByOthers(lesson.lessonId),
              }),
            );
            const at = Date.now();
            const done = record(lesson, 'loaded', { downloadedAt: at });
            await saveDownloadRecord(done);
            announceStored(done);
            return at;
          }),
        ),
    ),
    removeDownload: fromPromise(({ input: { lesson } }: { input: { lesson: DownloadLesson } }) =>
      withLessonLock(lesson.lessonId, undefined, async () => {
        await Promise.all([
          neededByOthers(lesson.lessonId).then((inUse) => removeFiles(lesson.files, inUse)),
          deleteDownloadRecord(lesson.lessonId),
        ]);
        announceRemoved(lesson.lessonId);
      }),
    ),
  },
});

/** Every download gone from the device, then the app's other tabs told so. */
async function clearDownloads(): Promise<void> {
  await clearAllDownloads();
  announceCleared();
}

/** The registry's event for what another tab of the app announced. */
function heardElsewhere(news: DownloadsNews): DownloadsEvent {
  if ('stored' in news) return { type: 'DOWNLOADS.STORED_ELSEWHERE', record: news.stored };
  if ('removed' in news) return { type: 'DOWNLOADS.REMOVED_ELSEWHERE', lessonId: news.removed };
  return { type: 'DOWNLOADS.CLEARED_ELSEWHERE' };
}

/** The app's downloads, restored from their records, each lesson's on the download machine above. */
export const downloads = downloadsMachine.provide({
  actors: {
    download,
    readDownloads: fromPromise(readDownloadRecords),
    clearDownloads: fromPromise(clearDownloads),
    watchOtherTabs: fromCallback(({ sendBack }) =>
      watchDownloadsElsewhere((news) => sendBack(heardElsewhere(news))),
    ),
  },
});
