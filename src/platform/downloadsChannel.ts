import type { DownloadRecord } from '../domain/learning/download';

/** The channel the app's tabs tell each other of downloads on (one origin, one browser profile). */
const CHANNEL = 'lp-downloads';

/**
 * What a tab tells the others: it stored a lesson's download (its record), removed one (its lesson
 * id: its files and record are gone), or cleared them all.
 */
export type DownloadsNews = { stored: DownloadRecord } | { removed: number } | { cleared: true };

function announce(news: DownloadsNews): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(news);
  channel.close();
}

/** Tells the app's other tabs that this one stored a lesson's download. */
export const announceStored = (record: DownloadRecord) => announce({ stored: record });

/** Tells the app's other tabs that this one removed a lesson's download, files and record. */
export const announceRemoved = (lessonId: number) => announce({ removed: lessonId });

/** Tells the app's other tabs that this one cleared every download. */
export const announceCleared = () => announce({ cleared: true });

/**
 * Calls `listener` with each piece of news another tab announces; answers the function that stops
 * listening. A tab does not hear its own channel; it may hear an announcement of its own download
 * made through another one, which its registry already holds (or has already forgotten).
 */
export function watchDownloadsElsewhere(listener: (news: DownloadsNews) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<DownloadsNews | null>) => {
    if (event.data) listener(event.data);
  };
  return () => channel.close();
}
