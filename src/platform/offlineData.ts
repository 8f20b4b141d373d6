import { API_CACHE } from './cacheNames';

/**
 * Forgets what was kept on this device for the user whose session ended (shell spec: logout clears
 * the user's state): the read answers kept for offline use, the downloaded lessons with their
 * records, and where the lessons were left. The precached app shell stays: it holds nobody's data.
 * Unsent lesson statistics stay too, stored under their learner (statisticsQueueStore.ts), to be
 * sent at that learner's next sign-in.
 */
export async function clearOfflineData(calls: { settled(): Promise<void> }): Promise<void> {
  if (typeof caches === 'undefined') return;
  // A read of the ended session still under way would be kept again after the clearing.
  await calls.settled();
  // The download store loads here, not with the sign-in page.
  const { clearStoredLessons } = await import('./storedLessonsClearing');
  await Promise.all([caches.delete(API_CACHE), clearStoredLessons()]);
}
