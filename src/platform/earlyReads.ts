import { isOfflineReadable } from '../domain/offlineReads';

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
  await Promise.all([...urls].map((url) => fetch(url, { headers }).catch(() => undefined)));
}
