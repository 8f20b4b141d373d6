import { isOfflineReadable } from '../domain/offlineReads';
import { nextTask } from './nextTask';

/**
 * Asks again, through the service worker that has just taken control of the page for the first
 * time, the offline-readable reads the page made before it (the browser lists every fetch it made).
 * Those went to the network unkept: the worker registers once the first signed-in page has loaded,
 * after that page's reads of the user and the streams, so a reload without a network would find
 * nothing kept and show the sign-in page although the token is kept. They are asked with the
 * session's headers, so the worker keeps each answer under that session's token. A read that fails
 * now changes nothing: the app's next read of it is kept anyway.
 */
export async function keepEarlyReads(headers: Readonly<Record<string, string>>): Promise<void> {
  const urls = new Set(
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && isOfflineReadable(url))
      .map((url) => url.href),
  );
  const reads: Promise<unknown>[] = [];
  for (const url of urls) {
    // Each answer is read to its end: the worker keeps its own copy, and a body left unread holds
    // its request open (the page never goes quiet, and the browser keeps the stream until collected).
    reads.push(
      fetch(url, { headers })
        .then((answer) => answer.arrayBuffer())
        .catch(() => undefined),
    );
    // One call per task: starting a call costs a few milliseconds on a slow phone, and the fifteen
    // or so of a first page in one go held it for longer than a tap may wait.
    await nextTask();
  }
  await Promise.all(reads);
}
