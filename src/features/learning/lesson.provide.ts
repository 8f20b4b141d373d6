import { fromPromise } from 'xstate';
import { type LessonStatDraft, lessonMachine } from '../../../machines/learning/lesson.machine';
import type { AppEffects } from '../../app/effects';
import { lessonPositions } from '../../platform/lessonPositions';

/**
 * The lesson statistic's implementations: each entry goes to the signed-in learner's statistics
 * queue (`effects.statistics`), which stores it, gives it its idempotency key and sends it to
 * POST /save-lesson-stat when the network allows; a queue that cannot take it is reported through
 * the platform's error reporting. Where the learner left the lesson is kept on this browser
 * (`lessonPositions`), which the day reads to open it there.
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
      keepPosition: (_, { streamId, lessonSetLessonId, seconds }) =>
        lessonPositions.keep(streamId, lessonSetLessonId, seconds),
    },
  });
