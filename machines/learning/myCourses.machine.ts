/**
 * My courses (/home, /courses; content spec, sections 2 and 4): the learner's streams with their
 * courses, loaded together, shown in the tabs current, active and ended. Demo streams are left out
 * unless the brand allows them; the first tab that holds a stream is selected, unless the learner
 * had chosen one on this page before (coming back to it with Back): a chosen tab is kept
 * (`rememberTab`) for that. A failed load shows the courses load error and can be retried.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Course } from '../../src/domain/learning/course';
import { initialTab, type MyCoursesTab } from '../../src/domain/learning/myCoursesTabs';
import { asTabbedStream, type CourseStream } from '../../src/domain/learning/stream';
import { visibleStreams } from '../../src/domain/learning/visibleStreams';
import { type RequestError, toRequestError } from '../../src/domain/requestError';
import { loadFailedState, type NetworkReturnedEvent, networkReturn } from '../common/networkReturn';
import { unprovided } from '../common/unprovided';

export type MyCourses = { streams: CourseStream[]; courses: Course[] };

export type MyCoursesEvent =
  | { type: 'TAB.SELECT'; tab: MyCoursesTab }
  | { type: 'COURSES.RETRY' }
  | NetworkReturnedEvent;

export type MyCoursesInput = {
  isDemoAccessible: boolean;
  /** The tab the learner chose on this page before, if any. */
  chosenTab?: MyCoursesTab | null;
};

export const myCoursesMachine = setup({
  types: {
    context: {} as MyCourses & {
      isDemoAccessible: boolean;
      tab: MyCoursesTab;
      /** The tab of the input, for the first load to select instead of the first one with a stream. */
      chosenTab: MyCoursesTab | null;
      error: RequestError | null;
    },
    events: {} as MyCoursesEvent,
    input: {} as MyCoursesInput,
  },
  actors: {
    loadMyCourses: fromPromise<MyCourses>(unprovided),
    networkReturn,
  },
  actions: {
    rememberTab: (_, _params: { tab: MyCoursesTab }) => {},
  },
}).createMachine({
  id: 'myCourses',
  context: ({ input }) => ({
    isDemoAccessible: input.isDemoAccessible,
    streams: [],
    courses: [],
    tab: input.chosenTab ?? 'current',
    chosenTab: input.chosenTab ?? null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMyCourses',
        src: 'loadMyCourses',
        onDone: {
          target: 'loaded',
          actions: assign(({ context, event }) => {
            const streams = visibleStreams(event.output.streams, context.isDemoAccessible);
            return {
              streams,
              courses: event.output.courses,
              tab: context.chosenTab ?? initialTab(streams.map(asTabbedStream)),
              error: null,
            };
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    loaded: {
      on: {
        'TAB.SELECT': {
          actions: [
            assign({ tab: ({ event }) => event.tab }),
            { type: 'rememberTab', params: ({ event }) => ({ tab: event.tab }) },
          ],
        },
      },
    },
    failed: loadFailedState('COURSES.RETRY', 'loading'),
  },
});
