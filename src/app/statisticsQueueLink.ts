import type { LessonStatDraft } from '../../machines/learning/lesson.machine';
import type { SessionActor } from './hooks';
import type { HostOptions, StatisticsQueueHandle } from './statisticsQueueHost';
import { whenSignedIn } from './whenSignedIn';

/**
 * The statistics queue as the app starts it: this much loads with the sign-in page, and the host
 * (statisticsQueueHost.ts, with the queue's machine and storage behind it) loads when a learner is
 * first signed in, or when a flow first needs the queue.
 */
export function linkStatisticsQueue(
  session: () => SessionActor,
  options: HostOptions,
): StatisticsQueueHandle & { start(): void } {
  let host: Promise<StatisticsQueueHandle> | null = null;
  const load = () => {
    host ??= import('./statisticsQueueHost').then(
      ({ hostStatisticsQueue }) => {
        const started = hostStatisticsQueue(session, options);
        started.start();
        return started;
      },
      (error: unknown) => {
        // A chunk that cannot load now (offline before it was cached) may load at the next call.
        host = null;
        throw error;
      },
    );
    return host;
  };
  return {
    /** Follows the session from now on; the root actor (the session's parent) must be running. */
    start() {
      void whenSignedIn(session()).then(load).catch(options.reportError);
    },
    enqueue: async (draft: LessonStatDraft) => (await load()).enqueue(draft),
    flush: async () => (await load()).flush(),
  };
}
