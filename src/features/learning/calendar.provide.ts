import { fromPromise } from 'xstate';
import { calendarMachine } from '../../../machines/learning/calendar.machine';
import { fetchCourse, fetchCourseVersions, fetchStages } from '../../api/courses';
import { fetchStageDays } from '../../api/days';
import { fetchStream, saveStreamFilters } from '../../api/streams';
import type { AppEffects } from '../../app/effects';
import { readStatuses, refetchStatuses } from './common/statuses.provide';

/**
 * The calendar: the stream first (its course id leads to the rest), then the course, its stages and
 * the supported versions together, then every stage's days together.
 */
export const calendar = (effects: AppEffects) =>
  calendarMachine.provide({
    actors: {
      loadCalendar: fromPromise(async ({ input }) => {
        const stream = await fetchStream(effects.api, input.streamId);
        const [course, stages, versions] = await Promise.all([
          fetchCourse(effects.api, stream.courseId),
          fetchStages(effects.api, stream.courseId),
          fetchCourseVersions(effects.api),
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
