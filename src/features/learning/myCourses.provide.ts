import { fromPromise } from 'xstate';
import { myCoursesMachine } from '../../../machines/learning/myCourses.machine';
import { fetchCourses } from '../../api/courses';
import { fetchStreams } from '../../api/streams';
import type { AppEffects } from '../../app/effects';

/** My courses: the learner's streams and, in one list call beside it, the courses they are on. */
export const myCourses = (effects: AppEffects) =>
  myCoursesMachine.provide({
    actors: {
      loadMyCourses: fromPromise(async () => {
        const [streams, courses] = await Promise.all([fetchStreams(effects.api), fetchCourses(effects.api)]);
        return { streams, courses };
      }),
    },
  });
