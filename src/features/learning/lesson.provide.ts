import { fromPromise } from 'xstate';
import { type LessonStatDraft, lessonMachine } from '../../../machines/learning/lesson.machine';
import type { AppEffects } from '../../app/effects';

/**
 * The lesson statistic's implementations: each entry goes to the signed-in learner's statistics
 * queue (`effects.statistics`), which stores it, gives it its idempotency key and sends it to
 * POST /save-lesson-stat when the network allows; a queue that cannot take it is reported through
 * the platform's error reporting.
 */
export const lesson = (effects: AppEffects) =>
  lessonMachine.provide({
    actors: {
      saveStatistic: fromPromise(({ input }: { input: LessonStatDraft }) =>
        effects.statistics.enqueue(input),
      ),
    },
    actions: {
      reportQueueFailure: (_, { error }) => effects.reportError(error),
    },
  });
