/// <reference lib="webworker" />
import { API_CACHE, DOWNLOADS_CACHE } from '../platform/cacheNames';

/** Workbox's own caches (precache, runtime) are named by it and cleaned by it. */
const isWorkboxCache = (name: string) => name.startsWith('workbox-');

/**
 * A cache of ours that a newer version no longer names (an older `lp-api-v0`) would otherwise stay
 * on the learner's device for ever: it is deleted when the worker activates.
 */
export async function retireUnknownCaches(): Promise<void> {
  const known = new Set<string>([API_CACHE, DOWNLOADS_CACHE]);
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => !known.has(name) && !isWorkboxCache(name)).map((name) => caches.delete(name)),
  );
}
