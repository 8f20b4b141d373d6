import type { DownloadRecord } from '../domain/learning/download';

/** The channel the app's tabs tell each other of downloads on (one origin, one browser profile). */
const CHANNEL = 'lp-downloads';

/** Tells the app's other tabs that this one stored a lesson's download. */
export function announceStored(record: DownloadRecord): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ stored: record });
  channel.close();
}

/**
 * Calls `listener` with each download another tab announces it stored; answers the function that
 * stops listening. A tab does not hear its own channel; it may hear an announcement of its own
 * download made through another one, which its registry already holds.
 */
export function watchStoredElsewhere(listener: (record: DownloadRecord) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ stored?: DownloadRecord }>) => {
    if (event.data?.stored) listener(event.data.stored);
  };
  return () => channel.close();
}
