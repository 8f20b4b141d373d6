/**
 * The app's lesson downloads (Offline issue, "Downloads"): one download actor per lesson, kept by
 * this app-level actor so downloads go on while the learner moves around the app. At start every
 * stored download is restored from its record (a cut one starts again); starting a lesson whose
 * download failed tries it again; removing one cancels or deletes it; clearing removes them all with
 * the stored files. A lesson another tab of the app has stored is added as stored, and one it has
 * removed, or all when it cleared them, are forgotten (the tabs share the device's downloads).
 */
import { type ActorRefFrom, assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { DownloadLesson, DownloadRecord } from '../../src/domain/learning/download';
import { unprovided } from '../common/unprovided';
import { downloadMachine } from './download.machine';

export type DownloadActor = ActorRefFrom<typeof downloadMachine>;
export type DownloadsActor = ActorRefFrom<typeof downloadsMachine>;

export type DownloadsEvent =
  | { type: 'DOWNLOADS.START'; lesson: DownloadLesson }
  | { type: 'DOWNLOADS.CANCEL'; lessonId: number }
  | { type: 'DOWNLOADS.DELETE'; lessonId: number }
  | { type: 'DOWNLOADS.CLEAR' }
  /** Another tab of the app stored a lesson's download: its record. */
  | { type: 'DOWNLOADS.STORED_ELSEWHERE'; record: DownloadRecord }
  /** Another tab of the app removed a lesson's download: its files and record are gone. */
  | { type: 'DOWNLOADS.REMOVED_ELSEWHERE'; lessonId: number }
  /** Another tab of the app cleared every download. */
  | { type: 'DOWNLOADS.CLEARED_ELSEWHERE' };

export type DownloadsContext = {
  /** The lessons' download actors by lesson id. */
  downloads: Record<string, DownloadActor>;
};

const lessonKey = (lessonId: number) => String(lessonId);

/**
 * A lesson's download actor id. A lesson downloaded again right after a removal gets a new actor
 * under the same id; the old one only finishes deleting files, which takes milliseconds.
 */
const downloadId = (key: string) => `download-${key}`;

/** The registry without one lesson's download. */
function withoutLesson(
  downloads: DownloadsContext['downloads'],
  lessonId: number,
): DownloadsContext['downloads'] {
  const { [lessonKey(lessonId)]: _forgotten, ...rest } = downloads;
  return rest;
}

/** What letting go of a download enqueues: a cancel sent to it, or its stop. */
type ChildActions = {
  sendTo: (child: DownloadActor, event: { type: 'DOWNLOAD.CANCEL' }) => void;
  stopChild: (child: DownloadActor) => void;
};

/** The download is still preparing or storing: it can be cancelled. */
function isUnderWay(child: DownloadActor): boolean {
  const { value } = child.getSnapshot();
  return value === 'pending' || value === 'loading';
}

/**
 * How a tab lets go of a lesson's download another tab removed, so that deleted in one tab means not
 * downloaded in any. One stored or failed here is only stopped: its files and record are gone
 * already. One under way here is cancelled as the learner would cancel it: left alone, it would take
 * the lesson's lock once the removal let it go, find nothing stored and fetch it all again, bringing
 * the lesson back in every tab; only stopped, it could leave a record written since the removal,
 * which a reload would take for a cut download and start again. Its own removal deletes what it
 * wrote: the rest went with the other tab's.
 */
function letGo(enqueue: ChildActions, child: DownloadActor): void {
  if (isUnderWay(child)) enqueue.sendTo(child, { type: 'DOWNLOAD.CANCEL' });
  else enqueue.stopChild(child);
}

export const downloadsMachine = setup({
  types: {
    context: {} as DownloadsContext,
    events: {} as DownloadsEvent,
  },
  actors: {
    download: downloadMachine,
    readDownloads: fromPromise<DownloadRecord[]>(unprovided),
    clearDownloads: fromPromise<void>(unprovided),
    /**
     * Reports each download another tab of the app stores or removes, and its clearing them all
     * (DOWNLOADS.STORED_ELSEWHERE, REMOVED_ELSEWHERE, CLEARED_ELSEWHERE).
     */
    watchOtherTabs: fromCallback(unprovided),
  },
  guards: {
    isNewLesson: ({ context, event }) =>
      event.type === 'DOWNLOADS.START' && !Object.hasOwn(context.downloads, lessonKey(event.lesson.lessonId)),
    isKnownLesson: ({ context, event }) =>
      'lessonId' in event && Object.hasOwn(context.downloads, lessonKey(event.lessonId)),
    isNewStoredLesson: ({ context, event }) =>
      event.type === 'DOWNLOADS.STORED_ELSEWHERE' &&
      !Object.hasOwn(context.downloads, lessonKey(event.record.lessonId)),
  },
}).createMachine({
  id: 'downloads',
  context: { downloads: {} },
  invoke: { id: 'watchOtherTabs', src: 'watchOtherTabs' },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'readDownloads',
        src: 'readDownloads',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event, spawn }) => {
            const downloads = { ...context.downloads };
            for (const record of event.output) {
              const key = lessonKey(record.lessonId);
              // A download the learner started while the records were read is the newer one.
              if (Object.hasOwn(downloads, key)) continue;
              downloads[key] = spawn('download', {
                id: downloadId(key),
                input: { lesson: record, restored: record },
              });
            }
            return { downloads };
          }),
        },
        // Unreadable records leave nothing to restore; new downloads still work.
        onError: 'ready',
      },
    },
    ready: {
      on: {
        'DOWNLOADS.CLEAR': 'clearing',
        // This tab's own download of the lesson, if any, ends by itself: it waited for the other tab's
        // and takes its result (the downloads' implementation). While restoring, the records are read
        // anyway; while clearing, what another tab stored goes too.
        'DOWNLOADS.STORED_ELSEWHERE': {
          guard: 'isNewStoredLesson',
          actions: assign({
            downloads: ({ context, event, spawn }) => {
              const key = lessonKey(event.record.lessonId);
              return {
                ...context.downloads,
                [key]: spawn('download', {
                  id: downloadId(key),
                  input: { lesson: event.record, restored: event.record },
                }),
              };
            },
          }),
        },
      },
    },
    clearing: {
      entry: enqueueActions(({ context, enqueue }) => {
        for (const child of Object.values(context.downloads)) enqueue.stopChild(child);
        enqueue.assign({ downloads: {} });
      }),
      invoke: {
        id: 'clearDownloads',
        src: 'clearDownloads',
        onDone: 'ready',
        onError: 'ready',
      },
    },
  },
  on: {
    'DOWNLOADS.START': [
      {
        guard: 'isNewLesson',
        actions: assign({
          downloads: ({ context, event, spawn }) => {
            const key = lessonKey(event.lesson.lessonId);
            return {
              ...context.downloads,
              [key]: spawn('download', { id: downloadId(key), input: { lesson: event.lesson } }),
            };
          },
        }),
      },
      // A lesson's download runs once: one stored or under way is left alone (it takes no retry),
      // a failed one starts again.
      {
        actions: sendTo(
          ({ context, event }) => context.downloads[lessonKey(event.lesson.lessonId)] as DownloadActor,
          { type: 'DOWNLOAD.RETRY' },
        ),
      },
    ],
    // The child cancels what is under way or deletes what is stored, then ends by itself; the
    // registry forgets it at once, so the lesson shows as not downloaded.
    'DOWNLOADS.CANCEL': {
      guard: 'isKnownLesson',
      actions: [
        sendTo(({ context, event }) => context.downloads[lessonKey(event.lessonId)] as DownloadActor, {
          type: 'DOWNLOAD.CANCEL',
        }),
        assign({ downloads: ({ context, event }) => withoutLesson(context.downloads, event.lessonId) }),
      ],
    },
    'DOWNLOADS.DELETE': {
      guard: 'isKnownLesson',
      actions: [
        sendTo(({ context, event }) => context.downloads[lessonKey(event.lessonId)] as DownloadActor, {
          type: 'DOWNLOAD.DELETE',
        }),
        assign({ downloads: ({ context, event }) => withoutLesson(context.downloads, event.lessonId) }),
      ],
    },
    // In any state, like a cancel or delete: a download started while restoring or clearing goes
    // too. The tab that removed the lesson hears of it as well (downloadsChannel.ts); it forgot the
    // lesson then, unless it holds it again: stored by another tab while its removal waited for the
    // lock (and gone with it), or started again before the removal ended, which came last.
    'DOWNLOADS.REMOVED_ELSEWHERE': {
      guard: 'isKnownLesson',
      actions: enqueueActions(({ context, event, enqueue }) => {
        letGo(enqueue, context.downloads[lessonKey(event.lessonId)] as DownloadActor);
        enqueue.assign({ downloads: withoutLesson(context.downloads, event.lessonId) });
      }),
    },
    // Each download here goes as if the other tab had removed it on its own.
    'DOWNLOADS.CLEARED_ELSEWHERE': {
      actions: enqueueActions(({ context, enqueue }) => {
        for (const child of Object.values(context.downloads)) letGo(enqueue, child);
        enqueue.assign({ downloads: {} });
      }),
    },
  },
});
