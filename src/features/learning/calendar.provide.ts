import { fromPromise } from 'xstate';
import {
  type CalendarCourse,
  type CalendarDays,
  calendarMachine,
} from '../../../machines/learning/calendar.machine';
import { fetchCourseVersions, fetchStages } from '../../api/courses';
import { saveStreamFilters } from '../../api/streams';
import type { AppEffects } from '../../app/effects';
import type { CourseStream } from '../../domain/learning/stream';
import { startsInTurn } from '../../platform/startsInTurn';
import { networkReturn } from '../shell/networkReturn.provide';
import { readCourse, readCourseDays } from './common/pageReadAhead.provide';
import { readShownStream } from './common/shownStream.provide';
import { readStatuses, refetchStatuses } from './common/statuses.provide';

/** The course's reads started beside the stream's; each answer is taken once. */
type EarlyReads = { courseId: number; course?: Promise<CalendarCourse>; days?: Promise<CalendarDays> };

/**
 * The calendar's reads: the stream first (its course id leads to the course, the stages and the
 * course's days, side by side), with the statuses going out beside it. Each round trip waited for
 * delays the calendar, so only what needs the course id waits for the stream, and not even that when
 * the app's start lists already name the stream's course: then the course's reads go out with the
 * stream's, and the steps after it take their answers (for that course only; a stream of another
 * course, which the lists could only miss after a change, reads its own). Made per calendar on
 * screen, as the machine is provided per mount.
 */
function calendarReads(effects: AppEffects) {
  const readCalendarCourse = async (courseId: number): Promise<CalendarCourse> => {
    const [course, versions] = await Promise.all([
      readCourse(effects, courseId),
      fetchCourseVersions(effects.api),
    ]);
    return { course, versions };
  };
  const readDays = async (courseId: number): Promise<CalendarDays> => {
    const [stages, days] = await Promise.all([
      fetchStages(effects.api, courseId),
      readCourseDays(effects, courseId),
    ]);
    return { stages, days };
  };
  let early: EarlyReads | null = null;
  const takeEarly = <K extends 'course' | 'days'>(key: K, courseId: number): EarlyReads[K] => {
    if (early?.courseId !== courseId) return undefined;
    const read = early[key];
    early[key] = undefined;
    return read;
  };

  return {
    loadStream: fromPromise<CourseStream, { streamId: number }>(({ input }) => {
      // The stream's call leaves first, as the machine waits for it; the others follow a task apart
      // each, out of the task that mounts the calendar (startsInTurn says why).
      const stream = readShownStream(effects, input.streamId);
      const inTurn = startsInTurn();
      // The statuses go into the shared cache while the course loads: the machine's last step
      // (loadStatuses) reads them from there instead of starting the call only then. A failure is
      // not lost: the cache keeps no failed answer, so that step calls again and reports it.
      inTurn(() => readStatuses(effects, input.streamId)).catch(() => {});
      const courseId = effects.courseIdOfStream(input.streamId);
      early = null;
      if (courseId !== null) {
        const course = inTurn(() => readCalendarCourse(courseId));
        const days = inTurn(() => readDays(courseId));
        // A failure reaches the step that takes the answer; one never taken is not an error.
        course.catch(() => {});
        days.catch(() => {});
        early = { courseId, course, days };
      }
      return stream;
    }),
    loadCourse: fromPromise<CalendarCourse, { courseId: number }>(
      ({ input }) => takeEarly('course', input.courseId) ?? readCalendarCourse(input.courseId),
    ),
    loadDays: fromPromise<CalendarDays, { courseId: number }>(
      ({ input }) => takeEarly('days', input.courseId) ?? readDays(input.courseId),
    ),
  };
}

export const calendar = (effects: AppEffects) =>
  calendarMachine.provide({
    actors: {
      ...calendarReads(effects),
      loadStatuses: fromPromise(({ input }) => readStatuses(effects, input.streamId)),
      refetchStatuses: fromPromise(({ input }) => refetchStatuses(effects, input.streamId)),
      saveFilters: fromPromise(({ input }) => saveStreamFilters(effects.api, input.streamId, input.filters)),
      networkReturn,
    },
    actions: {
      goToDay: (_, params) =>
        effects.goTo(`/course/${params.streamId}/calendar/${params.dayNumber}`, { replace: true }),
      syncAppData: effects.syncAppData,
      notFoundShown: effects.navigationHistory.forgetCurrentPage,
    },
  });
