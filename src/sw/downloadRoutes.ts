/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { DOWNLOADS_CACHE } from '../platform/cacheNames';
import { storedMediaAnswer } from './storedMedia';

declare const self: ServiceWorkerGlobalScope;

/** Where the server serves course media (wire contract, "Media URLs"), outside the app's bases. */
const MEDIA_PATH = '/media/';

/**
 * The downloaded lesson media (stored by the app in `DOWNLOADS_CACHE` under their absolute URLs) are
 * answered from that cache as the server answers them (storedMedia.ts), for GET and HEAD alike, so
 * the player seeks offline. Media not downloaded go to the network untouched, and nothing played
 * online is ever written to the cache: only a download stores files.
 */
export function registerDownloadRoutes(): void {
  const answerFromDownloads = async ({ request }: { request: Request }) => {
    const cache = await caches.open(DOWNLOADS_CACHE);
    // The stored answer's Vary (Accept-Encoding, Cookie) must not hide it from the player's request.
    const stored = await cache.match(request.url, { ignoreVary: true });
    if (!stored) return fetch(request);
    return storedMediaAnswer(request, stored);
  };
  const isMedia = ({ url }: { url: URL }) =>
    url.origin === self.location.origin && url.pathname.startsWith(MEDIA_PATH);
  // workbox-routing matches GET unless told another method.
  registerRoute(isMedia, answerFromDownloads, 'GET');
  registerRoute(isMedia, answerFromDownloads, 'HEAD');
}
