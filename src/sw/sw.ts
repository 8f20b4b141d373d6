/// <reference lib="webworker" />
/**
 * The app's one service worker (built by vite-plugin-pwa with injectManifest into `<base>sw.js`, one
 * per app base, each scoped to its base):
 * - the app shell (the brand's index.html and every built asset) is precached, and any navigation in
 *   the scope opens the shell, so the app starts without a network;
 * - where the brand has offline mode on (`?offline=1` in the worker's URL, set at registration):
 *   the read calls the app needs are kept for offline reading (apiCache.ts), and downloaded lesson
 *   media are served from the device, ranges included (downloadRoutes.ts);
 * - a new version waits until the learner chooses to reload (the app's update prompt sends
 *   SKIP_WAITING), so a page never runs against a newer worker's caches mid-session.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { keepStartReads, registerApiCache } from './apiCache';
import { retireUnknownCaches } from './cacheRetirement';
import { registerDownloadRoutes } from './downloadRoutes';
import { registerPushHandlers } from './push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();
self.addEventListener('activate', (event) => event.waitUntil(retireUnknownCaches()));
// Reminders from the server's scheduler, shown as notifications (the account area's push).
registerPushHandlers();

// The brand's instruction pages are real pages of their own, not routes of the app.
const base = new URL(self.registration.scope).pathname;
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`${base}index.html`), {
    denylist: [new RegExp(`^${base}docs/`)],
  }),
);

if (new URL(self.location.href).searchParams.get('offline') === '1') {
  registerApiCache();
  // Downloaded lesson media, answered from the download cache (with ranges) before the network.
  registerDownloadRoutes();
  self.addEventListener('install', (event) => event.waitUntil(keepStartReads(event)));
}
