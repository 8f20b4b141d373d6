import { fromPromise } from 'xstate';
import { downloadMachine, type StoreFilesInput } from '../../../machines/offline/download.machine';
import { downloadsMachine } from '../../../machines/offline/downloads.machine';
import {
  type DownloadLesson,
  type DownloadRecord,
  downloadSize,
  validateDownload,
} from '../../domain/learning/download';
import {
  clearAllDownloads,
  deleteDownloadRecord,
  readDownloadRecords,
  saveDownloadRecord,
} from '../../platform/downloadsStore';
import {
  DownloadFailed,
  ensureRoomFor,
  isAbort,
  measureFiles,
  removeFiles,
  storeFiles,
} from '../../platform/mediaDownloads';

const record = (
  lesson: DownloadLesson,
  status: DownloadRecord['status'],
  extra: Partial<Pick<DownloadRecord, 'downloadedAt' | 'code'>> = {},
): DownloadRecord => ({
  ...lesson,
  status,
  sizeBytes: downloadSize(lesson.files),
  downloadedAt: null,
  code: null,
  ...extra,
});

const failureCode = (error: unknown) => (error instanceof DownloadFailed ? error.code : null);

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

/** Records a failure so a reload finds the download failed (with its code), then passes it on. */
async function recordingFailure<T>(
  lesson: DownloadLesson,
  signal: AbortSignal,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // A cancelled download is being removed: recording it as failed would bring it back.
    if (!isAbort(error) && !signal.aborted) {
      await saveDownloadRecord(record(lesson, 'fail', { code: failureCode(error) }));
    }
    throw error;
  }
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
          // failure is recorded over it.
          return whileRecording(record(lesson, 'pending'), async () => {
            const files = await measureFiles(lesson.files, signal);
            await ensureRoomFor(downloadSize(files));
            return files;
          });
        }),
    ),
    storeFiles: fromPromise(
      ({ input: { lesson, onProgress }, signal }: { input: StoreFilesInput; signal: AbortSignal }) =>
        recordingFailure(lesson, signal, async () => {
          await whileRecording(record(lesson, 'loading'), () =>
            storeFiles(lesson.files, { signal, onProgress }),
          );
          const downloadedAt = Date.now();
          await saveDownloadRecord(record(lesson, 'loaded', { downloadedAt }));
          return downloadedAt;
        }),
    ),
    removeDownload: fromPromise(async ({ input: { lesson } }: { input: { lesson: DownloadLesson } }) => {
      await Promise.all([removeFiles(lesson.files), deleteDownloadRecord(lesson.lessonId)]);
    }),
  },
});

/** The app's downloads, restored from their records, each lesson's on the download machine above. */
export const downloads = downloadsMachine.provide({
  actors: {
    download,
    readDownloads: fromPromise(readDownloadRecords),
    clearDownloads: fromPromise(clearAllDownloads),
  },
});
