import { fromPromise } from 'xstate';
import {
  DAY_NOT_FOUND,
  type DayRequest,
  dayMachine,
  type LoadedDay,
} from '../../../machines/learning/day.machine';
import { finishDay, startDay } from '../../api/dayStatuses';
import { fetchCourseDays } from '../../api/days';
import type { AppEffects } from '../../app/effects';
import type { Day } from '../../domain/learning/day';
import { lessonPositions } from '../../platform/lessonPositions';
import { readShownStream } from './common/shownStream.provide';
import { readStatuses, refetchStatuses } from './common/statuses.provide';

/**
 * The day of a course by its number, from the course's days: the calendar asked for the same answer,
 * so offline it is already kept.
 */
async function findDayByNumber(effects: AppEffects, courseId: number, dayNumber: number): Promise<Day> {
  const days = await fetchCourseDays(effects.api, courseId);
  const day = days.find((candidate) => candidate.dayNumber === dayNumber);
  if (!day) throw new Error(DAY_NOT_FOUND);
  return day;
}

async function loadDay(effects: AppEffects, { streamId, dayNumber }: DayRequest): Promise<LoadedDay> {
  const [stream, statuses] = await Promise.all([
    readShownStream(effects, streamId),
    readStatuses(effects, streamId),
  ]);
  const day = await findDayByNumber(effects, stream.courseId, dayNumber);
  const linkIds = day.lessonSets.flatMap((set) => set.lessons.map((item) => item.id));
  return { stream, day, statuses, leftAt: lessonPositions.of(stream.id, linkIds) };
}

export const day = (effects: AppEffects) =>
  dayMachine.provide({
    actors: {
      loadDay: fromPromise(({ input }: { input: DayRequest }) => loadDay(effects, input)),
      startDay: fromPromise(({ input }: { input: { streamId: number; dayId: number } }) =>
        startDay(effects.api, input.streamId, input.dayId),
      ),
      finishDay: fromPromise(({ input }: { input: { streamId: number; dayId: number } }) =>
        finishDay(effects.api, input.streamId, input.dayId),
      ),
      // The calendar reads the same cache, so it shows the change too.
      refreshStatuses: fromPromise(({ input }: { input: { streamId: number } }) =>
        refetchStatuses(effects, input.streamId),
      ),
    },
    actions: { streamProgressed: effects.syncAppData },
  });
