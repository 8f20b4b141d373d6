import { fromCallback, fromPromise } from 'xstate';
import { statisticsQueueMachine } from '../../../machines/offline/statisticsQueue.machine';
import { saveLessonStat } from '../../api/dayStatuses';
import { HTTP_STATUS } from '../../domain/requestError';
import type { QueuedStatistic } from '../../domain/statisticsQueue';
import { watchConnectivity } from '../../platform/connectivity';
import type { StatisticsQueueStore } from '../../platform/statisticsQueueStore';
import type { ApiClient } from '../shell/app.provide';

export type StatisticsQueueDependencies = {
  api: ApiClient;
  /** The learner's stored queue. */
  store: StatisticsQueueStore;
  reportError: (error: unknown) => void;
  /**
   * The signed-in learner is still the queue's own: the API client sends the session's token, so an
   * entry must not leave once another account signed in (the queue of the first is stopping then).
   */
  isOwnSession: () => boolean;
  /** The queue emptied during a flush. */
  flushed: () => void;
};

/** Something the server did to a queued statistic, reported with the entry it concerns. */
class QueuedStatisticError extends Error {
  constructor(message: string, entry: QueuedStatistic, cause?: unknown) {
    super(
      `${message} (stream ${entry.streamId}, day ${entry.dayId}, lesson ${entry.lessonSetLessonId}, queued ${new Date(entry.queuedAt).toISOString()})`,
      { cause },
    );
    this.name = 'QueuedStatisticError';
  }
}

/** Not sent: waits like an entry that got no answer. */
const notOwnSession = () => ({
  status: HTTP_STATUS.network,
  message: 'another account is signed in',
  fieldErrors: {},
});

/**
 * The queue's implementations: POST /save-lesson-stat with the entry's own idempotency key (so a
 * resent entry counts once), the learner's IndexedDB list, the browser's online event, and the
 * platform's error reporting. Storage failures are reported and never stop the queue: the entry is
 * still in the machine and is sent from there.
 */
export const statisticsQueue = ({
  api,
  store,
  reportError,
  isOwnSession,
  flushed,
}: StatisticsQueueDependencies) =>
  statisticsQueueMachine.provide({
    actors: {
      loadQueued: fromPromise(() => store.load()),
      sendStatistic: fromPromise(async ({ input }: { input: QueuedStatistic }) => {
        if (!isOwnSession()) throw notOwnSession();
        const { key, queuedAt: _, ...entry } = input;
        return saveLessonStat(api, { ...entry, idempotencyKey: key });
      }),
      watchOnline: fromCallback(({ sendBack }) =>
        watchConnectivity((online) => {
          if (online) sendBack({ type: 'STATISTICS.ONLINE' });
        }),
      ),
    },
    actions: {
      storeEntry: (_, { entry }) => void store.add(entry).catch(reportError),
      forgetEntry: (_, { entry }) => void store.remove(entry.key).catch(reportError),
      reportMissingDayStatus: (_, { entry }) =>
        reportError(new QueuedStatisticError('The saved statistic has no day status id', entry)),
      reportRefused: (_, { entry, error }) =>
        reportError(new QueuedStatisticError('The server refused a statistic; it is dropped', entry, error)),
      reportError: (_, { error }) => reportError(error),
      reportFlushed: () => flushed(),
    },
  });
