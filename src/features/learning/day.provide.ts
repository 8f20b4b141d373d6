import { fromPromise } from 'xstate';
import {
  DAY_NOT_FOUND,
  type DayRequest,
  dayMachine,
  type LoadedDay,
} from '../../../machines/learning/day.machine';
import { finishDay, startDay } from '../../api/dayStatuses';
import type { AppEffects } from '../../app/effects';
import { type Day, dayLessons, lessonVideo } from '../../domain/learning/day';
import { hasAccessEnded } from '../../domain/learning/stream';
import { lessonPositions } from '../../platform/lessonPositions';
import { preloadImage } from '../../platform/preloadImage';
import { startsInTurn } from '../../platform/startsInTurn';
import { networkReturn } from '../shell/networkReturn.provide';
import { readCourse, readCourseDays } from './common/pageReadAhead.provide';
import { readShownStream } from './common/shownStream.provide';
import { readStatuses, refetchStatuses } from './common/statuses.provide';
import { isNarrowScreen } from './player/useNarrowScreen';

/**
 * The day of a course by its number, from the course's days: the calendar asked for the same answer,
 * so offline it is already kept.
 */
async function findDayByNumber(days: Promise<Day[]>, dayNumber: number): Promise<Day> {
  const day = (await days).find((candidate) => candidate.dayNumber === dayNumber);
  if (!day) throw new Error(DAY_NOT_FOUND);
  return day;
}

/**
 * The stream, its statuses and its course's days. The days need the course id, which the stream's
 * answer gives; when the app's start lists already name the stream's course, its days go out with
 * the stream's read instead of a round trip after it (as the calendar's reads do), each call a task
 * apart (startsInTurn). A stream of another course, which the lists could only miss after a change,
 * reads its own course's days.
 */
async function loadDay(effects: AppEffects, { streamId, dayNumber }: DayRequest): Promise<LoadedDay> {
  const inTurn = startsInTurn();
  const knownCourseId = effects.courseIdOfStream(streamId);
  const streamRead = inTurn(() => readShownStream(effects, streamId));
  const statusesRead = inTurn(() => readStatuses(effects, streamId));
  const earlyDays = knownCourseId === null ? null : inTurn(() => readCourseDays(effects, knownCourseId));
  // A failure reaches the step that takes the answer; one never taken is not an error.
  earlyDays?.catch(() => {});
  const [stream, statuses] = await Promise.all([streamRead, statusesRead]);
  const days =
    earlyDays && stream.courseId === knownCourseId ? earlyDays : readCourseDays(effects, stream.courseId);
  const day = await findDayByNumber(days, dayNumber);
  const linkIds = day.lessonSets.flatMap((set) => set.lessons.map((item) => item.id));
  // The access-ended page names the course; without its name it still says what happened.
  const course = hasAccessEnded(stream) ? await readCourse(effects, stream.courseId).catch(() => null) : null;
  return { stream, day, statuses, leftAt: lessonPositions.of(stream.id, linkIds), course };
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
      networkReturn,
    },
    actions: {
      streamProgressed: effects.syncAppData,
      notFoundShown: effects.navigationHistory.forgetCurrentPage,
      // The first lesson's poster is the largest thing the day page paints: it loads while the
      // lessons render instead of after them.
      lessonsShowing: (_, { day }) => {
        const [first] = dayLessons(day);
        const poster = first && lessonVideo(first.lesson, isNarrowScreen())?.poster;
        if (poster) preloadImage(poster);
      },
    },
  });
