import { useSelector } from '@xstate/react';
import { useContext, useSyncExternalStore } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { DownloadActor, DownloadsActor } from '../../../machines/offline/downloads.machine';
import { AppEffectsContext, useApp } from '../../app/hooks';
import { type DownloadStatus, NO_SPACE_CODE } from '../../domain/learning/download';
import { storedSize } from '../../domain/learning/sharedFiles';

const noSubscription = () => () => {};

/** The app's downloads, or null while nobody is signed in, downloads are off, or outside the app. */
export function useDownloadsRegistry(): DownloadsActor | null {
  const handle = useContext(AppEffectsContext)?.downloads ?? null;
  return useSyncExternalStore(handle?.subscribe ?? noSubscription, () => handle?.current() ?? null);
}

/** A lesson's download actor, when the learner downloaded it or is downloading it. */
export function useLessonDownload(
  registry: DownloadsActor | null,
  lessonId: number,
): DownloadActor | undefined {
  return useSelector(registry ?? undefined, (snapshot) => snapshot?.context.downloads[String(lessonId)]);
}

/** The spec's download status of a download actor's snapshot (`none` without one). */
function statusOf(snapshot: SnapshotFrom<DownloadActor> | undefined): DownloadStatus {
  if (!snapshot) return 'none';
  if (snapshot.matches('loaded')) return 'loaded';
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('fail')) return 'fail';
  if (snapshot.matches('removing') || snapshot.status === 'done') return 'none';
  return 'pending';
}

/** The spec's download status of a lesson's download actor (`none` without one). */
export function useDownloadStatus(download: DownloadActor | undefined): DownloadStatus {
  return useSelector(download, statusOf);
}

/** Why a failed download failed, as the learner is told. */
export type FailureReason = 'noSpace' | 'offline' | 'other';

/** The reason of a failed download's failure (code 10: not enough space; a lost network). */
export function useFailureReason(download: DownloadActor): FailureReason {
  return useSelector(download, ({ context }) =>
    context.code === NO_SPACE_CODE ? 'noSpace' : context.offline ? 'offline' : 'other',
  );
}

/**
 * The app knows it has no network (the browser says so, or calls go unanswered; the offline
 * banner shows): a download cannot start, so none is offered.
 */
export const useAppOffline = (): boolean =>
  useApp((snapshot) => snapshot.matches({ connectivity: 'offline' }));

/**
 * How many of `lessonIds` are stored, and how many are stored or on their way (a failed download
 * is neither: the lesson is offered again).
 */
export type DownloadsSummary = { loaded: number; wanted: number };

const countDownloads = (registry: DownloadsActor | null, lessonIds: readonly number[]): string => {
  const downloads = registry?.getSnapshot().context.downloads ?? {};
  const statuses = lessonIds.map((id) => statusOf(downloads[String(id)]?.getSnapshot()));
  const loaded = statuses.filter((status) => status === 'loaded').length;
  const wanted = statuses.filter((status) => status !== 'none' && status !== 'fail').length;
  // A string, so React compares the summary by value between renders.
  return `${loaded}/${wanted}`;
};

/** Calls `listener` whenever the registry or any of its downloads moves on. */
function subscribeToDownloads(registry: DownloadsActor | null, listener: () => void): () => void {
  if (!registry) return () => {};
  // The registry's children change as downloads start and end: follow the current ones.
  let children: { unsubscribe(): void }[] = [];
  const follow = () => {
    for (const child of children) child.unsubscribe();
    children = Object.values(registry.getSnapshot().context.downloads).map((child) =>
      child.subscribe(listener),
    );
    listener();
  };
  const own = registry.subscribe(follow);
  follow();
  return () => {
    own.unsubscribe();
    for (const child of children) child.unsubscribe();
  };
}

/** The summary of a set of lessons' downloads, kept current as any of them moves on. */
export function useDownloadsSummary(
  registry: DownloadsActor | null,
  lessonIds: readonly number[],
): DownloadsSummary {
  const key = useSyncExternalStore(
    (listener) => subscribeToDownloads(registry, listener),
    () => countDownloads(registry, lessonIds),
  );
  const [loaded = 0, wanted = 0] = key.split('/').map(Number);
  return { loaded, wanted };
}

/** Bytes the downloads have stored so far, each file shared by lessons once, kept current as they move on. */
export function useStoredBytes(registry: DownloadsActor | null): number {
  return useSyncExternalStore(
    (listener) => subscribeToDownloads(registry, listener),
    () =>
      storedSize(
        Object.values(registry?.getSnapshot().context.downloads ?? {}).map((child) => {
          const snapshot = child.getSnapshot();
          const { lesson, bytes } = snapshot.context;
          return { status: statusOf(snapshot), files: lesson.files, bytes };
        }),
      ),
  );
}
