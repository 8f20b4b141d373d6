/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheOnly, NetworkFirst } from 'workbox-strategies';
import { OFFLINE_ANSWER_HEADER } from '../domain/offlineAnswer';
import { isOfflineReadable, isStartRead, startReads } from '../domain/offlineReads';
import { API_CACHE } from '../platform/cacheNames';

declare const self: ServiceWorkerGlobalScope;

/** Spec: "Cache expiry setting: 86400 s". */
const CACHE_EXPIRY_SECONDS = 86_400;
/**
 * How long a read waits for the network before a kept answer is used (with none kept, it waits on).
 * A stopped server or a dropped connection fails at once; this bounds a network that accepts and
 * never answers, so a screen shows what was kept within a second (offline issue).
 */
const NETWORK_TIMEOUT_SECONDS = 1;
/**
 * Once the network has let a read down while the browser says it is online, the next reads use a
 * kept answer at once for this long instead of each waiting out the timeout (a screen makes several
 * reads in a row), while the network is still asked in the background. An answer from it ends this.
 */
const DISTRUST_NETWORK_MS = 30_000;
let networkDistrustedUntil = 0;

/** A promise with its resolve, for the one event below. */
function signal() {
  let fire = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}
/**
 * Fired when the distrust starts, for the reads then waiting on the network: each takes its kept
 * answer at once, as the reads after it do, instead of waiting out its own timeout. A screen's reads
 * leave a little apart, so one that left just after the first would otherwise add most of a second.
 */
let distrustStarts = signal();

function distrustNetwork(): void {
  networkDistrustedUntil = Date.now() + DISTRUST_NETWORK_MS;
  distrustStarts.fire();
  distrustStarts = signal();
}
/**
 * A network that answers, only slower than the timeout, is not gone: its late answers say so. For
 * this long after one, reads wait for the network (up to the longer timeout) instead of taking a kept
 * answer after a second: a kept answer would show the app offline and out of date (the day the
 * learner just finished still open), although the network works.
 */
const SLOW_NETWORK_MS = 60_000;
const SLOW_NETWORK_TIMEOUT_SECONDS = 10;
let networkSlowUntil = 0;

/**
 * When each read went to the network, to tell a late answer from a timely one: by URL, as the
 * strategy hands the plugins copies of the request (the same read twice at once shares an entry).
 */
const askedAt = new Map<string, number>();

/** Any answer from the network ends the distrust; one later than the timeout marks the network slow. */
const watchNetworkAnswers: WorkboxPlugin = {
  requestWillFetch: async ({ request }) => {
    askedAt.set(request.url, Date.now());
    return request;
  },
  fetchDidFail: async ({ request }) => {
    askedAt.delete(request.url);
  },
  fetchDidSucceed: async ({ request, response }) => {
    networkDistrustedUntil = 0;
    const asked = askedAt.get(request.url);
    askedAt.delete(request.url);
    if (asked !== undefined && Date.now() - asked > NETWORK_TIMEOUT_SECONDS * 1000) {
      networkSlowUntil = Date.now() + SLOW_NETWORK_MS;
    }
    return response;
  },
};

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Answers are stored under the URL plus a hash of the caller's token, so one learner's answers can
 * never be read with another's token (or with none), even before logout has cleared the cache.
 * Not under the language the call asked in (`lang`): a learner whose saved language the app takes on
 * after the user is read made the first reads in the page's language and reloads in theirs, and a
 * switch in the settings reads nothing again. The latest answer of a read serves in any language
 * (what the server words itself is replaced by the next answer from the network).
 */
async function perUserKey(request: Request): Promise<string> {
  const token = request.headers.get('Authorization');
  const key = new URL(request.url);
  key.searchParams.delete('lang');
  key.searchParams.set('__user', token ? (await sha256Hex(token)).slice(0, 32) : 'none');
  return key.href;
}

const keyPerUser: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => perUserKey(request),
};

/**
 * The key under which a start read's latest answer is kept past the expiry. It sits in the same
 * cache, so logout clears it with the rest, but the expiry never sees it: only the strategies' own
 * entries are tracked and dated by it.
 */
const startKey = (userKey: string) => `${userKey}&__kept=start`;

/**
 * The app cannot start without the config and the user. After a day without a network every kept
 * answer has expired (the spec's 86400 s), and downloaded lessons, which do not expire, would be out
 * of reach. So the latest answer of each start read is also kept under its start key, and used only
 * when the network cannot answer and no unexpired answer is kept.
 */
const keepStartAnswers: WorkboxPlugin = {
  cacheDidUpdate: async ({ cacheName, request, newResponse }) => {
    if (!isStartRead(new URL(request.url))) return;
    await (await caches.open(cacheName)).put(startKey(request.url), newResponse);
  },
};

/** The start read's answer kept past the expiry, if any, marked as read from the cache. */
async function keptStartAnswer(request: Request): Promise<Response | undefined> {
  const kept = await (await caches.open(API_CACHE)).match(startKey(await perUserKey(request)));
  return kept && asOfflineAnswer(kept);
}

/** An answer read from the cache says so, so the app can show that it is offline. */
function asOfflineAnswer(cachedResponse: Response): Response {
  const headers = new Headers(cachedResponse.headers);
  headers.set(OFFLINE_ANSWER_HEADER, '1');
  return new Response(cachedResponse.body, {
    status: cachedResponse.status,
    statusText: cachedResponse.statusText,
    headers,
  });
}

const markOfflineAnswers: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => cachedResponse && asOfflineAnswer(cachedResponse),
};

// One instance for every strategy: an answer older than the expiry is never used, by any.
const expiry = new ExpirationPlugin({ maxAgeSeconds: CACHE_EXPIRY_SECONDS, maxEntries: 2_000 });

const networkThenCache = (networkTimeoutSeconds: number) =>
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds,
    plugins: [
      keyPerUser,
      watchNetworkAnswers,
      new CacheableResponsePlugin({ statuses: [200] }),
      expiry,
      keepStartAnswers,
      markOfflineAnswers,
    ],
  });
const fromNetworkThenCache = networkThenCache(NETWORK_TIMEOUT_SECONDS);
const fromSlowNetworkThenCache = networkThenCache(SLOW_NETWORK_TIMEOUT_SECONDS);
const fromCacheOnly = new CacheOnly({
  cacheName: API_CACHE,
  plugins: [keyPerUser, expiry, markOfflineAnswers],
});

/**
 * The read calls the app needs offline (courses, calendar, days, the user, the start lists) are
 * answered by the network and kept; when the network cannot answer, the kept answer is used. When
 * the browser knows it is offline, a kept answer is used without waiting for the network. Every other
 * call (and any GET that changes state) is not routed here: it always goes to the network.
 */
export function registerApiCache(): void {
  registerRoute(
    ({ request, url }) =>
      request.method === 'GET' && url.origin === self.location.origin && isOfflineReadable(url),
    async (options) => {
      const online = self.navigator.onLine;
      if (!online || Date.now() < networkDistrustedUntil) {
        const kept = await fromCacheOnly.handle(options).catch(() => undefined);
        if (kept) {
          if (online) options.event.waitUntil(askNetworkAgain(options.request, options.event));
          return kept;
        }
        // Nothing kept for this call: the network is still asked (the browser may be wrong).
      }
      const network = Date.now() < networkSlowUntil ? fromSlowNetworkThenCache : fromNetworkThenCache;
      const distrusted = distrustStarts.fired;
      const fromNetwork = network.handle(options).catch(async (error: unknown) => {
        // No network and nothing unexpired kept: a start read may still have its latest answer.
        const kept = isStartRead(options.url) ? await keptStartAnswer(options.request) : undefined;
        if (!kept) throw error;
        return kept;
      });
      const answer = await Promise.race([
        fromNetwork,
        distrusted.then(() => keptInsteadOf(fromNetwork, options)),
      ]);
      if (online && answer.headers.has(OFFLINE_ANSWER_HEADER)) distrustNetwork();
      return answer;
    },
  );
}

/**
 * The kept answer of a read still waiting on the network, which goes on in the background (its answer
 * is kept for the next read); with nothing kept, the network's answer.
 */
async function keptInsteadOf(
  fromNetwork: Promise<Response>,
  options: { request: Request; event: ExtendableEvent },
): Promise<Response> {
  const kept = await fromCacheOnly.handle(options).catch(() => undefined);
  if (!kept) return fromNetwork;
  options.event.waitUntil(fromNetwork.catch(() => undefined));
  return kept;
}

/** Asks the network in the background (its answer is kept for the next read); an answer ends the distrust. */
async function askNetworkAgain(request: Request, event: ExtendableEvent): Promise<void> {
  try {
    const answer = await fromNetworkThenCache.handle({ request: request.clone(), event });
    if (!answer.headers.has(OFFLINE_ANSWER_HEADER)) networkDistrustedUntil = 0;
  } catch {
    // Still no network: the distrust runs its course.
  }
}

/**
 * The first visit loads the app's config before this worker controls the page, so that answer was
 * never kept: the worker fetches it once when it installs, so even the first visit can start offline
 * next time. A failure here (offline while installing) must not stop the worker from installing.
 */
export async function keepStartReads(event: ExtendableEvent): Promise<void> {
  await Promise.all(
    startReads(self.location.origin).map((url) =>
      fromNetworkThenCache.handle({ request: new Request(url), event }).catch(() => undefined),
    ),
  );
}
