import { useSelector } from '@xstate/react';
import { useContext, useSyncExternalStore } from 'react';
import type { DownloadActor, DownloadsActor } from '../../../machines/offline/downloads.machine';
import { AppEffectsContext } from '../../app/hooks';
import type { DownloadStatus } from '../../domain/learning/download';

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

/** The spec's download status of a lesson's download actor (`none` without one). */
export function useDownloadStatus(download: DownloadActor | undefined): DownloadStatus {
  return useSelector(download, (snapshot) => {
    if (!snapshot) return 'none';
    if (snapshot.matches('loaded')) return 'loaded';
    if (snapshot.matches('loading')) return 'loading';
    if (snapshot.matches('fail')) return 'fail';
    if (snapshot.matches('removing') || snapshot.status === 'done') return 'none';
    return 'pending';
  });
}

/** How many of `lessonIds` are stored, and how many have a download at all (any state). */
export type DownloadsSummary = { loaded: number; started: number };

const countDownloads = (registry: DownloadsActor | null, lessonIds: readonly number[]): string => {
  const downloads = registry?.getSnapshot().context.downloads ?? {};
  const started = lessonIds.map((id) => downloads[String(id)]).filter((child) => child !== undefined);
  const loaded = started.filter((child) => child.getSnapshot().matches('loaded')).length;
  // A string, so React compares the summary by value between renders.
  return `${loaded}/${started.length}`;
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
  const [loaded = 0, started = 0] = key.split('/').map(Number);
  return { loaded, started };
}

/** Bytes every download has stored so far, kept current as they move on. */
export function useStoredBytes(registry: DownloadsActor | null): number {
  return useSyncExternalStore(
    (listener) => subscribeToDownloads(registry, listener),
    () =>
      Object.values(registry?.getSnapshot().context.downloads ?? {}).reduce(
        (total, child) => total + child.getSnapshot().context.bytes,
        0,
      ),
  );
}
