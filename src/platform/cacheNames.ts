/**
 * The Cache Storage caches the app and its service worker share. Versioned names: a change of what a
 * cache holds gets a new name, and the worker deletes caches it no longer knows on activation.
 */
/** Answers of the read calls, kept for offline reading (service-worker owned, per user). */
export const API_CACHE = 'lp-api-v1';
/** Downloaded lesson media, keyed by the media's absolute URL. */
export const DOWNLOADS_CACHE = 'lp-downloads-v1';
