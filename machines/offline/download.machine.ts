/**
 * One lesson's download (content spec, section 7 status behaviour and section 8: pending, loading,
 * then loaded or fail; a failed download sets fail, a no-space-left error gets code 10 'Not enough
 * space'). Pending measures the files and checks the room for those the device does not hold yet
 * (lessons share media); loading stores them, reporting bytes; cancel and delete remove what was
 * stored but what other downloads need; retry starts again. A download restored after a reload in
 * pending or loading starts again: it never stays in loading.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  type DownloadFailure,
  type DownloadFile,
  type DownloadLesson,
  type DownloadRecord,
  downloadPercent,
  downloadSize,
} from '../../src/domain/learning/download';
import { unprovided } from '../common/unprovided';

export type DownloadInput = { lesson: DownloadLesson; restored?: DownloadRecord | null };

export type DownloadEvent =
  | { type: 'DOWNLOAD.PROGRESS'; bytes: number }
  | { type: 'DOWNLOAD.CANCEL' }
  | { type: 'DOWNLOAD.DELETE' }
  | { type: 'DOWNLOAD.RETRY' };

export type DownloadContext = {
  lesson: DownloadLesson;
  bytes: number;
  total: number;
  percent: number;
  /** The failure's code (10: not enough space), null for any other failure. */
  code: number | null;
  /** The failure came from a lost network. */
  offline: boolean;
  downloadedAt: number | null;
  /** How the stored download ended before a reload: it stays so. */
  restoredAs: 'loaded' | 'fail' | null;
};

/** What preparing finds: every file measured. */
export type PreparedFiles = { files: DownloadFile[] };

/**
 * What the storing actor is given: the measured files, and where to report the lesson's bytes on the
 * device so far (those of files the device held already among them; it finds them when it starts,
 * as another tab may have stored or removed some meanwhile).
 */
export type StoreFilesInput = {
  lesson: DownloadLesson;
  onProgress: (bytes: number) => void;
};

/** The lesson part of a stored record (the record also holds its status and size). */
const toLesson = ({
  status: _status,
  sizeBytes: _size,
  downloadedAt: _at,
  code: _code,
  offline: _offline,
  ...lesson
}: DownloadRecord) => lesson satisfies DownloadLesson;

/** The failure's code and whether the network was gone, from what the failing actor reports. */
const failureOf = (error: unknown) => {
  const failure = error as Partial<DownloadFailure & { offline: boolean }> | null;
  return { code: failure?.code ?? null, offline: failure?.offline === true };
};

export const downloadMachine = setup({
  types: {
    context: {} as DownloadContext,
    events: {} as DownloadEvent,
    input: {} as DownloadInput,
  },
  actors: {
    /**
     * Records the download as pending, measures its files and checks the storage has room for
     * those it does not hold yet.
     */
    prepareDownload: fromPromise<PreparedFiles, { lesson: DownloadLesson }>(unprovided),
    /**
     * Stores every file not stored yet; resolves with the time it finished; rolls back its files,
     * but those other downloads need, when it fails.
     */
    storeFiles: fromPromise<number, StoreFilesInput>(unprovided),
    /** Removes the lesson's stored files, but those other downloads need, and its record. */
    removeDownload: fromPromise<void, { lesson: DownloadLesson }>(unprovided),
  },
  guards: {
    restoredLoaded: ({ context }) => context.restoredAs === 'loaded',
    restoredFailed: ({ context }) => context.restoredAs === 'fail',
  },
}).createMachine({
  id: 'download',
  context: ({ input }) => {
    const { restored } = input;
    const restoredAs = restored?.status === 'loaded' || restored?.status === 'fail' ? restored.status : null;
    return {
      lesson: restored ? toLesson(restored) : input.lesson,
      bytes: restoredAs === 'loaded' ? (restored?.sizeBytes ?? 0) : 0,
      total: restored?.sizeBytes ?? 0,
      percent: restoredAs === 'loaded' ? 100 : 0,
      code: restoredAs === 'fail' ? (restored?.code ?? null) : null,
      offline: restoredAs === 'fail' && restored?.offline === true,
      downloadedAt: restoredAs === 'loaded' ? (restored?.downloadedAt ?? null) : null,
      restoredAs,
    };
  },
  initial: 'restoring',
  states: {
    /** Where a stored download left off: loaded and failed ones stay so, any other starts again. */
    restoring: {
      always: [
        { guard: 'restoredLoaded', target: 'loaded' },
        { guard: 'restoredFailed', target: 'fail' },
        { target: 'pending' },
      ],
    },
    pending: {
      entry: assign({ bytes: 0, percent: 0, code: null, offline: false }),
      invoke: {
        id: 'prepareDownload',
        src: 'prepareDownload',
        input: ({ context }) => ({ lesson: context.lesson }),
        onDone: {
          target: 'loading',
          actions: assign({
            lesson: ({ context, event }) => ({ ...context.lesson, files: event.output.files }),
            total: ({ event }) => downloadSize(event.output.files),
          }),
        },
        onError: { target: 'fail', actions: assign(({ event }) => failureOf(event.error)) },
      },
      on: { 'DOWNLOAD.CANCEL': 'removing' },
    },
    loading: {
      invoke: {
        id: 'storeFiles',
        src: 'storeFiles',
        input: ({ context, self }) => ({
          lesson: context.lesson,
          onProgress: (bytes: number) => self.send({ type: 'DOWNLOAD.PROGRESS', bytes }),
        }),
        onDone: {
          target: 'loaded',
          actions: assign({
            downloadedAt: ({ event }) => event.output,
            bytes: ({ context }) => context.total,
            percent: 100,
          }),
        },
        onError: { target: 'fail', actions: assign(({ event }) => failureOf(event.error)) },
      },
      on: {
        'DOWNLOAD.PROGRESS': {
          actions: assign({
            bytes: ({ event }) => event.bytes,
            percent: ({ context, event }) => downloadPercent(event.bytes, context.total),
          }),
        },
        // Leaving loading stops the storing actor (its signal aborts the fetch) before the removal.
        'DOWNLOAD.CANCEL': 'removing',
      },
    },
    loaded: {
      on: { 'DOWNLOAD.DELETE': 'removing' },
    },
    fail: {
      on: { 'DOWNLOAD.RETRY': 'pending', 'DOWNLOAD.DELETE': 'removing' },
    },
    removing: {
      invoke: {
        id: 'removeDownload',
        src: 'removeDownload',
        input: ({ context }) => ({ lesson: context.lesson }),
        onDone: 'removed',
        // What could not be removed is no download either; the next clear of the storage takes it.
        onError: 'removed',
      },
    },
    removed: { type: 'final' },
  },
});
