import { STATUSES_CACHE_LIFETIME_MS } from '../limits';

/**
 * Stream statuses are cached for 5 minutes (content spec, section 4 "Statuses cache"). A failed
 * fetch leaves no mark (`fetchedAt` null), so the next read fetches again.
 */
export const isStatusesCacheFresh = (fetchedAt: number | null, now: number): boolean =>
  fetchedAt !== null && now - fetchedAt < STATUSES_CACHE_LIFETIME_MS;
