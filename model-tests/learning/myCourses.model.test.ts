import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { type MyCourses, myCoursesMachine } from '../../machines/learning/myCourses.machine';
import { formatDate } from '../../src/domain/learning/calendarDates';
import type { MyCoursesTab } from '../../src/domain/learning/myCoursesTabs';
import { MyCoursesView } from '../../src/features/learning/myCourses/MyCoursesScreen';
import { done, failed, networkError, networkReturned, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';
import { click, networkReturns, type UserAction } from '../userActions';
import { course, daysFromNow, stream } from './learningFixtures';

const loaded: MyCourses = {
  streams: [
    stream({ id: 1, courseId: 1 }),
    stream({ id: 2, courseId: 2, progress: { daysCount: 4, completeDaysCount: 4, progress: 100 } }),
    stream({
      id: 3,
      courseId: 3,
      status: 'not_started',
      startDate: daysFromNow(2.5),
      endDate: daysFromNow(40),
    }),
    stream({ id: 4, courseId: 1, status: 'ended', endDate: daysFromNow(-3) }),
    stream({ id: 5, courseId: 2, status: 'stopped', isOptionalPurchase: true, endDate: daysFromNow(-5) }),
    stream({ id: 6, courseId: 3, isDemo: true, endDate: null }),
  ],
  courses: [course(1, 'Strong back'), course(2, 'Morning yoga'), course(3, 'Healthy knees')],
};

const TAB_NAMES: Record<MyCoursesTab, string> = { current: 'Current', active: 'Active', ended: 'Ended' };

/** The stream titles the open tab lists, in order. */
const listedTitles = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

const selectTab: UserAction = {
  words: (event) => `the user opens the “${TAB_NAMES[event.tab as MyCoursesTab]}” tab`,
  control: (event) => screen.getByRole('tab', { name: TAB_NAMES[event.tab as MyCoursesTab] }),
  perform: (user, event) =>
    user.click(screen.getByRole('tab', { name: TAB_NAMES[event.tab as MyCoursesTab] })),
};

const EXPECTED_TITLES: Record<MyCoursesTab, string[]> = {
  // The demo stream is open and under 100%: in progress, shown because the brand allows demos.
  current: ['Strong back', 'Healthy knees'],
  active: ['Strong back', 'Morning yoga', 'Healthy knees', 'Healthy knees'],
  ended: ['Strong back', 'Morning yoga'],
};

/** The access lines the open tab shows, in order. */
const accessLines = () =>
  [...screen.getByRole('tabpanel').querySelectorAll('.access-line')].map((line) => line.textContent);

const ACCESS_LINES: Record<MyCoursesTab, string[]> = {
  // 20.5 days before the end: rounded up.
  // A demo never ends: its line says it is one, with no countdown.
  current: ['21 days of access left', 'Demo access'],
  active: ['21 days of access left', '21 days of access left', 'Starts in 3 days', 'Demo access'],
  ended: [
    `Access ended on ${formatDate(daysFromNow(-3), session.user.timezone)}`,
    `Access stopped on ${formatDate(daysFromNow(-5), session.user.timezone)}`,
  ],
};

const spec = {
  machine: myCoursesMachine,
  spec: 'Content spec §2 My courses, §4 Stream status, Access text, demo streams hidden unless allowed, §8 courses load error',
  inputs: [{ isDemoAccessible: true }],
  screen: {
    view: MyCoursesView,
    setting: { path: '/courses', session },
    actions: {
      'TAB.SELECT': selectTab,
      'COURSES.RETRY': click('Try again'),
      'NETWORK.RETURNED': networkReturns,
    },
    sees: [
      {
        state: 'loading',
        see: () => expect(screen.getByRole('status').textContent).toBe('Loading your courses…'),
      },
      {
        state: 'failed',
        see: () => expect(notice()).toBe('Could not load your courses. Check the connection and try again.'),
      },
      {
        state: 'loaded',
        see: ({ context }: AnyMachineSnapshot) => {
          const tab = context.tab as MyCoursesTab;
          expect(screen.getByRole('tab', { selected: true }).textContent).toBe(TAB_NAMES[tab]);
          expect(listedTitles()).toEqual(EXPECTED_TITLES[tab]);
          expect(accessLines()).toEqual(ACCESS_LINES[tab]);
        },
      },
    ],
  },
  events: [
    { type: 'TAB.SELECT', tab: 'active' },
    { type: 'TAB.SELECT', tab: 'ended' },
    { type: 'COURSES.RETRY' },
    networkReturned,
    done('loadMyCourses', loaded),
    failed('loadMyCourses', networkError),
  ],
};

describeModel(spec);

describe('myCourses', () => {
  it('hides demo streams when the brand does not allow them', async () => {
    const running = startMachine(spec, { isDemoAccessible: false });
    await running.dispatch(done('loadMyCourses', loaded));
    expect(running.snapshot().context.streams.map((item: { id: number }) => item.id)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('opens on the tab the learner chose on this page before (Back), and keeps each choice', async () => {
    const running = startMachine(spec, { isDemoAccessible: true, chosenTab: 'ended' });
    await running.dispatch(done('loadMyCourses', loaded));
    // The current tab holds streams, yet the learner's choice wins.
    expect(running.snapshot().context.tab).toBe('ended');
    await running.dispatch({ type: 'TAB.SELECT', tab: 'active' });
    expect(running.snapshot().context.tab).toBe('active');
    expect(running.effects).toEqual([{ name: 'rememberTab', params: { tab: 'active' } }]);
  });

  it('opens on the first tab that holds a stream', async () => {
    const running = startMachine(spec, { isDemoAccessible: true });
    const endedOnly = { ...loaded, streams: loaded.streams.filter((item) => item.status === 'ended') };
    await running.dispatch(done('loadMyCourses', endedOnly));
    expect(running.snapshot().context.tab).toBe('ended');
  });
});
