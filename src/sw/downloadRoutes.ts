/// <reference lib="webworker" />
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { DOWNLOADS_CACHE } from '../platform/cacheNames';

declare const self: ServiceWorkerGlobalScope;

/** Where the server serves course media (wire contract, "Media URLs"), outside the app's bases. */
const MEDIA_PATH = '/media/';

/**
 * The downloaded lesson media (stored by the app in `DOWNLOADS_CACHE` under their absolute URLs) are
 * answered from that cache: whole, or the asked range with 206, so the player seeks offline. Media
 * not downloaded go to the network untouched, and nothing played online is ever written to the
 * cache: only a download stores files.
 */
export function registerDownloadRoutes(): void {
  registerRoute(
    ({ request, url }) =>
      request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith(MEDIA_PATH),
    async ({ request }) => {
      const cache = await caches.open(DOWNLOADS_CACHE);
      // The stored answer's Vary (Accept-Encoding, Cookie) must not hide it from the player's request.
      const stored = await cache.match(request.url, { ignoreVary: true });
      if (!stored) return fetch(request);
      return request.headers.has('range') ? createPartialResponse(request, stored) : stored;
    },
  );
}
