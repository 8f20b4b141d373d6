import { fromPromise } from 'xstate';
import { calendarMachine } from '../../../machines/learning/calendar.machine';
import { fetchCourse, fetchCourseVersions, fetchStages } from '../../api/courses';
import { fetchCourseDays } from '../../api/days';
import { fetchStream, saveStreamFilters } from '../../api/streams';
import type { AppEffects } from '../../app/effects';
import { readStatuses, refetchStatuses } from './common/statuses.provide';

/**
 * The calendar: the stream first (its course id leads to the course, the stages and the course's
 * days, side by side), with the statuses going out beside it. Each round trip waited for delays the
 * calendar, so only what needs the course id waits for the stream.
 */
export const calendar = (effects: AppEffects) =>
  calendarMachine.provide({
    actors: {
      loadStream: fromPromise(({ input }) => {
        // The statuses go into the shared cache while the course loads: the machine's last step
        // (loadStatuses) reads them from there instead of starting the call only then. A failure is
        // not lost: the cache keeps no failed answer, so that step calls again and reports it.
        readStatuses(effects, input.streamId).catch(() => {});
        return fetchStream(effects.api, input.streamId);
      }),
      loadCourse: fromPromise(async ({ input }) => {
        const [course, versions] = await Promise.all([
          fetchCourse(effects.api, input.courseId),
          fetchCourseVersions(effects.api),
        ]);
        return { course, versions };
      }),
      loadDays: fromPromise(async ({ input }) => {
        const [stages, days] = await Promise.all([
          fetchStages(effects.api, input.courseId),
          fetchCourseDays(effects.api, input.courseId),
        ]);
        return { stages, days };
      }),
      loadStatuses: fromPromise(({ input }) => readStatuses(effects, input.streamId)),
      refetchStatuses: fromPromise(({ input }) => refetchStatuses(effects, input.streamId)),
      saveFilters: fromPromise(({ input }) => saveStreamFilters(effects.api, input.streamId, input.filters)),
    },
    actions: {
      goToCourses: () => effects.goTo('/courses', { replace: true }),
      goToDay: (_, params) =>
        effects.goTo(`/course/${params.streamId}/calendar/${params.dayNumber}`, { replace: true }),
      syncAppData: effects.syncAppData,
    },
  });
