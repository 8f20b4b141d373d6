import { fromPromise } from 'xstate';
import { calendarMachine } from '../../../machines/learning/calendar.machine';
import { fetchCourse, fetchCourseVersions, fetchStages } from '../../api/courses';
import { fetchStageDays } from '../../api/days';
import { fetchStream, saveStreamFilters } from '../../api/streams';
import type { AppEffects } from '../../app/effects';
import { readStatuses, refetchStatuses } from './common/statuses.provide';

/**
 * The calendar: the stream first (its course id leads to the course, its stages and then every
 * stage's days), with the calls that need only the stream id going out beside it. Each round trip
 * waited for delays the first paint of the calendar, so only the course id's dependency is serial.
 */
export const calendar = (effects: AppEffects) =>
  calendarMachine.provide({
    actors: {
      loadCalendar: fromPromise(async ({ input }) => {
        // The statuses go into the shared cache while the course loads: the machine's next step
        // (loadStatuses) reads them from there instead of starting the call only then. A failure is
        // not lost: the cache keeps no failed answer, so that step calls again and reports it.
        readStatuses(effects, input.streamId).catch(() => {});
        const versionsCall = fetchCourseVersions(effects.api);
        // Answered with the stream's failure, not as an unhandled rejection of its own.
        versionsCall.catch(() => {});
        const stream = await fetchStream(effects.api, input.streamId);
        const [course, stages, versions] = await Promise.all([
          fetchCourse(effects.api, stream.courseId),
          fetchStages(effects.api, stream.courseId),
          versionsCall,
        ]);
        const days = await Promise.all(
          stages.map((stage) => fetchStageDays(effects.api, stream.courseId, stage.id)),
        );
        return { stream, course, stages, days: days.flat(), versions };
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
