/**
 * Runs `work` holding the lesson's download lock, which every tab of the origin shares (Web Locks):
 * one tab at a time stores or removes a lesson's files. A tab that resumes a download another tab is
 * still storing, or starts the same lesson, waits for it instead of fetching the same files beside
 * it, and a rollback or removal never deletes files another tab is still writing. `signal` gives up
 * the wait (a cancelled download). Without the API (older browsers) the work runs at once.
 */
export async function withLessonLock<T>(
  lessonId: number,
  signal: AbortSignal | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work();
  // The lock's promise resolves with what `work` resolves with, once `work` is done.
  return await navigator.locks.request(`lp-download-${lessonId}`, signal ? { signal } : {}, work);
}
