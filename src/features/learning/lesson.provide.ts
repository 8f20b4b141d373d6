import { fromPromise } from 'xstate';
import { type LessonStatDraft, lessonMachine } from '../../../machines/learning/lesson.machine';
import { saveLessonStat } from '../../api/dayStatuses';
import type { AppEffects } from '../../app/effects';

/** Something the server or the network did to a statistic, reported with what was being sent. */
class LessonStatisticError extends Error {
  constructor(message: string, draft: LessonStatDraft | null) {
    super(
      draft
        ? `${message} (stream ${draft.streamId}, day ${draft.dayId}, lesson ${draft.lessonSetLessonId})`
        : message,
    );
    this.name = 'LessonStatisticError';
  }
}

/**
 * The lesson statistic's implementations: each entry goes to POST /save-lesson-stat with a key of its
 * own (a resent entry counts once); what goes wrong is reported through the platform's error
 * reporting, and the machine drops the entry.
 */
export const lesson = (effects: AppEffects) =>
  lessonMachine.provide({
    actors: {
      saveStatistic: fromPromise(({ input }: { input: LessonStatDraft }) =>
        saveLessonStat(effects.api, { ...input, idempotencyKey: crypto.randomUUID() }),
      ),
    },
    actions: {
      reportMissingDayStatus: (_, { draft }) =>
        effects.reportError(new LessonStatisticError('The saved statistic has no day status id', draft)),
      reportSendFailure: (_, { error }) => effects.reportError(error),
      reportTimeout: (_, { draft }) =>
        effects.reportError(new LessonStatisticError('Saving the statistic timed out', draft)),
    },
  });
