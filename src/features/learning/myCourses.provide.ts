import { fromPromise } from 'xstate';
import { myCoursesMachine } from '../../../machines/learning/myCourses.machine';
import { fetchCourses } from '../../api/courses';
import { fetchStreams } from '../../api/streams';
import type { AppEffects } from '../../app/effects';
import { MY_COURSES_TABS, type MyCoursesTab } from '../../domain/learning/myCoursesTabs';
import { historyEntry } from '../../platform/historyEntry';
import { networkReturn } from '../shell/networkReturn.provide';

const TAB_KEY = 'myCoursesTab';

/** The tab the learner chose on this page of the history before (coming back with Back), if any. */
export function chosenTabOfThisPage(): MyCoursesTab | null {
  const kept = historyEntry.read(TAB_KEY);
  return MY_COURSES_TABS.find((tab) => tab === kept) ?? null;
}

/**
 * My courses: the learner's streams and, in one list call beside it, the courses they are on; a tab
 * the learner chooses is kept with the page's history entry.
 */
export const myCourses = (effects: AppEffects) =>
  myCoursesMachine.provide({
    actors: {
      loadMyCourses: fromPromise(async () => {
        const [streams, courses] = await Promise.all([fetchStreams(effects.api), fetchCourses(effects.api)]);
        return { streams, courses };
      }),
      networkReturn,
    },
    actions: { rememberTab: (_, { tab }) => historyEntry.write(TAB_KEY, tab) },
  });
