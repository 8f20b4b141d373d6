import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { DAY_NOT_FOUND, dayMachine, type LoadedDay } from '../../machines/learning/day.machine';
import { i18n, switchLanguage } from '../../src/app/i18n';
import { formatDate } from '../../src/domain/learning/calendarDates';
import type { Lesson, LessonSet } from '../../src/domain/learning/day';
import { freezeLiftsAt } from '../../src/domain/learning/freeze';
import { dayStatusOf, type StreamFreeze } from '../../src/domain/learning/stream';
import { LessonSubtitle } from '../../src/features/learning/common/LessonSubtitle';
import { DayView } from '../../src/features/learning/day/DayScreen';
import { done, failed, networkError, networkReturned, requestError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { renderSignedIn } from '../offline/offlineFixtures';
import { screenProviders } from '../screenProviders';
import { button, notice } from '../screenQueries';
import { click, networkReturns } from '../userActions';
import { course, day, daysFromNow, seesCourseNotAvailable, statuses, stream } from './learningFixtures';

const video = (id: number) => ({
  id,
  name: `lesson-${id}.mp4`,
  hls: `/media/videos/${id}/master.m3u8`,
  mp4: `/media/videos/${id}/video.mp4`,
  poster: null,
  subtitles: [],
  durationMs: 60_000,
});

const lesson = (id: number, title: string, subtitle: string | null, hasVideo = true): Lesson => ({
  id,
  title,
  subtitle,
  durationMs: 60_000,
  video: hasVideo ? video(id) : null,
  descriptionVideo: null,
  verticalVideo: null,
  verticalDescriptionVideo: null,
});

const lessonSet = (id: number, repeatCount: number, lessons: Lesson[]): LessonSet => ({
  id,
  sort: id,
  repeatCount,
  // The learner's range lifts a single repeat to two.
  userRepeatRangeFrom: 2,
  userRepeatRangeTo: 4,
  lessons: lessons.map((item, index) => ({ id: id * 100 + index, sort: index, lesson: item })),
});

const DAY_ID = 12;
const fullDay = day(DAY_ID, 1, 3, {
  title: 'Legs and balance',
  isDemoAccessible: false,
  lessonSets: [lessonSet(1, 1, [lesson(1, 'Squat', 'Analysis'), lesson(2, 'Lunge', null)])],
});

const ready: LoadedDay = { stream: stream({ id: 5 }), day: fullDay, statuses: statuses([DAY_ID]) };
const broken: LoadedDay = {
  ...ready,
  day: { ...fullDay, lessonSets: [lessonSet(1, 1, [lesson(3, 'Plank', null, false)])] },
};
const locked: LoadedDay = { ...ready, stream: stream({ id: 5, isDemo: true, courseFullAccess: false }) };
const accessEnded: LoadedDay = {
  ...ready,
  stream: stream({ id: 5, status: 'ended' }),
  course: course(1, 'Strong back'),
};
const accessStopped: LoadedDay = {
  ...ready,
  stream: stream({ id: 5, status: 'stopped', isOptionalPurchase: true }),
};
const notStarted: LoadedDay = { ...ready, stream: stream({ id: 5, status: 'not_started' }) };
/** Frozen from yesterday through the fourth day from now: the stream's status says freeze. */
const activeFreeze: StreamFreeze = {
  id: 3,
  status: 'active',
  startDate: daysFromNow(-1),
  endDate: daysFromNow(4),
};
const frozen: LoadedDay = { ...ready, stream: stream({ id: 5, status: 'freeze', freeze: activeFreeze }) };
const restDay: LoadedDay = {
  ...ready,
  day: day(DAY_ID, 1, 3, { title: 'Rest', isDayOfRest: true, lessonSets: [] }),
};
const beforeDelay: LoadedDay = { ...ready, statuses: statuses([DAY_ID], { closed: [DAY_ID] }) };
const started = statuses([DAY_ID], { started: [DAY_ID] });
const finished = statuses([DAY_ID], { finished: [DAY_ID] });
const notOpenYet = requestError(403, 'This day is not open yet.');

const timeZone = session.user.timezone;
/** A day not open yet names the date it opens when its status has one still to come (the calendar's "Closed until"). */
const notOpenText = ({ statuses: given }: LoadedDay) => {
  const opensAt = dayStatusOf(given, DAY_ID)?.opensAt ?? 0;
  return opensAt > Date.now()
    ? `This day is not open yet. It opens on ${formatDate(opensAt, timeZone)}.`
    : 'This day is not open yet.';
};

/** What the day page of a frozen stream says: the freeze's last day, and the day its days open again. */
const frozenText = (freeze: StreamFreeze) =>
  `The course is frozen until ${formatDate(freeze.endDate, timeZone)}. Its days open again on ${formatDate(
    freezeLiftsAt(freeze, timeZone),
    timeZone,
  )}.`;

/** The page shows no lesson and no way to start or finish the day. */
const seesNoLessonsNorActions = () => {
  expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  expect(screen.queryByRole('button')).toBeNull();
};

const dayStatus = (snapshot: AnyMachineSnapshot) => {
  const loaded = snapshot.context.loaded as LoadedDay | null;
  return loaded ? dayStatusOf(loaded.statuses, loaded.day.id) : undefined;
};
const isStarted = (snapshot: AnyMachineSnapshot) => dayStatus(snapshot)?.startedAt != null;
const isFinished = (snapshot: AnyMachineSnapshot) => dayStatus(snapshot)?.finishedAt != null;

const spec = {
  machine: dayMachine,
  spec: "Learning spec §4 Day: lesson sets with repeat counts clamped, start and finish then statuses refetched, the access-ended page of an ended or stopped stream, a full stream's day not open yet, the broken-day text, the demo lock, the day load error",
  inputs: [
    { streamId: 5, dayNumber: 3 },
    { streamId: null, dayNumber: 3 },
  ],
  screen: {
    view: DayView,
    setting: { path: '/course/5/calendar/3', session },
    actions: {
      'DAY.RETRY': click('Try again'),
      'NETWORK.RETURNED': networkReturns,
      'DAY.START': click('Start the day', {
        blockedWhen: (snapshot) => isStarted(snapshot) || isFinished(snapshot),
      }),
      'DAY.FINISH': click('Finish the day', { blockedWhen: isFinished }),
    },
    sees: [
      {
        state: 'loading',
        see: () => expect(screen.getByRole('status').textContent).toBe('Loading the day…'),
      },
      { state: 'failed', see: () => expect(notice()).toBe('Failed to load the day.') },
      { state: 'notFound', see: seesCourseNotAvailable },
      {
        state: 'dayNotFound',
        see: () => {
          expect(notice()).toBe('This course has no day 3.');
          expect(screen.getByRole('link', { name: 'Back to the calendar' }).getAttribute('href')).toBe(
            '/course/5/calendar',
          );
        },
      },
      {
        state: 'frozen',
        see: ({ context }: AnyMachineSnapshot) => {
          expect(screen.getByRole('heading', { level: 1, name: 'Legs and balance' })).toBeTruthy();
          expect(notice()).toBe(frozenText((context.loaded as LoadedDay).stream.freeze as StreamFreeze));
          expect(screen.queryByText('This day is not open yet.')).toBeNull();
          seesNoLessonsNorActions();
        },
      },
      {
        state: 'rest',
        see: () => {
          expect(screen.getByRole('heading', { level: 1, name: 'Rest' })).toBeTruthy();
          expect(screen.getByText('A day of rest. Recover and come back tomorrow.')).toBeTruthy();
          seesNoLessonsNorActions();
        },
      },
      {
        state: 'accessEnded',
        see: ({ context }: AnyMachineSnapshot) => {
          // The emoticon is bound to the last word (a no-break space): a line never ends before it.
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
            'Ouch! You have run out of access\u00a0:(',
          );
          expect(screen.getByText('Extend the course to resume access.')).toBeTruthy();
          // The course is named when its read came (the stopped stream's did not: nothing in its place).
          const { course: named } = context.loaded as LoadedDay;
          expect(screen.queryByText('Strong back') !== null).toBe(named != null);
          expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
          expect(screen.queryByRole('button')).toBeNull();
        },
      },
      {
        state: 'notOpenYet',
        see: ({ context }: AnyMachineSnapshot) => {
          expect(screen.getByRole('heading', { level: 1, name: 'Legs and balance' })).toBeTruthy();
          expect(notice()).toBe(notOpenText(context.loaded as LoadedDay));
          seesNoLessonsNorActions();
        },
      },
      {
        state: 'broken',
        see: () => {
          expect(screen.getByRole('heading', { level: 1, name: 'Legs and balance' })).toBeTruthy();
          expect(notice()).toBe('The day is filled in incorrectly. Contact customer care.');
          expect(screen.queryByRole('button', { name: 'Finish the day' })).toBeNull();
        },
      },
      {
        state: 'locked',
        see: () => {
          expect(notice()).toBe('This day is locked. It opens in the full version of the course.');
          expect(screen.getByRole('link', { name: 'Go to the catalog' }).getAttribute('href')).toMatch(
            /\/catalog$/,
          );
          expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
        },
      },
      {
        state: 'ready',
        see: () => {
          expect(screen.getByRole('heading', { level: 1, name: 'Legs and balance' })).toBeTruthy();
          expect(screen.getByText('Repeat 2 times')).toBeTruthy();
          expect(screen.getByRole('heading', { level: 2, name: 'Squat, Analysis' })).toBeTruthy();
          expect(screen.getByRole('heading', { level: 2, name: 'Lunge' })).toBeTruthy();
          expect(screen.getByRole('link', { name: 'Course materials' }).getAttribute('href')).toBe(
            '/course/5/materials',
          );
        },
      },
      {
        state: 'ready',
        when: (snapshot: AnyMachineSnapshot) => isFinished(snapshot),
        see: () => {
          expect(screen.getByText('You finished this day.')).toBeTruthy();
          expect(screen.queryByRole('button', { name: 'Finish the day' })).toBeNull();
        },
      },
      {
        state: { ready: 'idle' },
        when: (snapshot: AnyMachineSnapshot) => !isFinished(snapshot),
        see: (snapshot: AnyMachineSnapshot) => {
          expect(button('Finish the day').disabled).toBe(false);
          expect(screen.queryByRole('button', { name: 'Start the day' }) !== null).toBe(!isStarted(snapshot));
        },
      },
      {
        state: { ready: 'starting' },
        see: () => expect(button('Start the day').getAttribute('aria-busy')).toBe('true'),
      },
      {
        state: { ready: 'finishing' },
        see: () => expect(button('Finish the day').getAttribute('aria-busy')).toBe('true'),
      },
      {
        state: { ready: 'refreshing' },
        when: (snapshot: AnyMachineSnapshot) => !isFinished(snapshot),
        see: () => expect(button('Finish the day').getAttribute('aria-busy')).toBe('true'),
      },
      { state: { ready: 'actionFailed' }, see: () => expect(notice()).toBe('This day is not open yet.') },
    ],
  },
  events: [
    { type: 'DAY.RETRY' },
    networkReturned,
    { type: 'DAY.START' },
    { type: 'DAY.FINISH' },
    done('loadDay', ready),
    done('loadDay', broken),
    done('loadDay', locked),
    done('loadDay', accessEnded),
    done('loadDay', accessStopped),
    done('loadDay', notStarted),
    done('loadDay', frozen),
    done('loadDay', beforeDelay),
    done('loadDay', restDay),
    failed('loadDay', networkError),
    failed('loadDay', new Error(DAY_NOT_FOUND)),
    failed('loadDay', requestError(404, 'Not found')),
    done('startDay', { id: 120, streamId: 5, stageDayId: DAY_ID, startedAt: 1, finishedAt: null }),
    failed('startDay', notOpenYet),
    done('finishDay', { id: 120, streamId: 5, stageDayId: DAY_ID, startedAt: 1, finishedAt: 2 }),
    failed('finishDay', notOpenYet),
    done('refreshStatuses', started),
    done('refreshStatuses', finished),
    failed('refreshStatuses', notOpenYet),
  ],
};

describeModel(spec);

describe('day', () => {
  it('starts the day of the stream, then refetches the statuses', async () => {
    const running = startMachine(spec, { streamId: 5, dayNumber: 3 });
    expect(running.fakes.inputOf('loadDay')).toEqual({ streamId: 5, dayNumber: 3 });
    await running.dispatch(done('loadDay', ready));
    await running.dispatch({ type: 'DAY.START' });
    expect(running.fakes.inputOf('startDay')).toEqual({ streamId: 5, dayId: DAY_ID });
    await running.dispatch(done('startDay', {}));
    expect(running.fakes.inputOf('refreshStatuses')).toEqual({ streamId: 5 });
    await running.dispatch(done('refreshStatuses', finished));
    expect(running.snapshot().matches({ ready: 'idle' })).toBe(true);
    expect(running.snapshot().context.loaded?.statuses).toEqual(finished);
  });

  it("finishes the day and has the stream's lists reload", async () => {
    const running = startMachine(spec, { streamId: 5, dayNumber: 3 });
    await running.dispatch(done('loadDay', ready));
    await running.dispatch({ type: 'DAY.FINISH' });
    expect(running.fakes.inputOf('finishDay')).toEqual({ streamId: 5, dayId: DAY_ID });
    expect(running.effects.map((effect) => effect.name)).toEqual(['lessonsShowing']);
    await running.dispatch(done('finishDay', {}));
    expect(running.effects.map((effect) => effect.name)).toEqual(['lessonsShowing', 'streamProgressed']);
  });

  it('says the lessons are about to show only when the day is ready', async () => {
    const running = startMachine(spec, { streamId: 5, dayNumber: 3 });
    await running.dispatch(done('loadDay', ready));
    expect(running.effects).toEqual([{ name: 'lessonsShowing', params: { day: ready.day } }]);
    const resting = startMachine(spec, { streamId: 5, dayNumber: 3 });
    await resting.dispatch(done('loadDay', restDay));
    expect(resting.effects).toEqual([]);
  });

  const demoStream = stream({ id: 5, isDemo: true, courseFullAccess: false });
  /** The day's status as the demo's status call gives it: open to the demo. */
  const demoAccessible = ({ statuses: given }: LoadedDay) => ({
    ...given,
    days: given.days.map((status) => ({ ...status, isDemoAccessible: true })),
  });
  it.each([
    ['an ended stream', accessEnded, 'accessEnded'],
    ['a stopped stream', accessStopped, 'accessEnded'],
    ['a stream not started', notStarted, 'notOpenYet'],
    ['a frozen stream', frozen, 'frozen'],
    [
      'a stream frozen by a freeze created for a start date that has come',
      {
        ...frozen,
        stream: stream({ id: 5, status: 'freeze', freeze: { ...activeFreeze, status: 'created' } }),
      },
      'frozen',
    ],
    ['a frozen stream, on a rest day', { ...restDay, stream: frozen.stream }, 'frozen'],
    [
      'an open stream with a freeze still to come',
      {
        ...ready,
        stream: stream({ id: 5, freeze: { ...activeFreeze, status: 'created', startDate: daysFromNow(2) } }),
      },
      'ready',
    ],
    ['an open stream, on a rest day', restDay, 'rest'],
    ['an open stream, before its opening delay', beforeDelay, 'notOpenYet'],
    // A demo keeps its own rule, whatever the stream's status: a demo-accessible day waits for its
    // opening delay like any day (it opens on its date, not in the full version).
    [
      'a demo, before its opening delay',
      { ...beforeDelay, stream: demoStream, statuses: demoAccessible(beforeDelay) },
      'notOpenYet',
    ],
    [
      'a demo, on a day not demo-accessible, before its opening delay',
      { ...beforeDelay, stream: demoStream },
      'locked',
    ],
    [
      'a demo not started, demo-accessible',
      {
        ...ready,
        stream: { ...demoStream, status: 'not_started' as const },
        statuses: demoAccessible(ready),
      },
      'ready',
    ],
  ])('shows the day of %s as %s', async (_, loaded, state) => {
    const running = startMachine(spec, { streamId: 5, dayNumber: 3 });
    await running.dispatch(done('loadDay', loaded));
    expect(running.snapshot().matches(state)).toBe(true);
  });

  it('tells a stream that is not the learner’s from a day the course does not have', async () => {
    const unknownStream = startMachine(spec, { streamId: 999, dayNumber: 1 });
    await unknownStream.dispatch(failed('loadDay', requestError(404, 'Not found')));
    expect(unknownStream.snapshot().value).toBe('notFound');
    expect(unknownStream.snapshot().can({ type: 'DAY.RETRY' })).toBe(false);
    expect(unknownStream.snapshot().can(networkReturned)).toBe(false);
    const noSuchDay = startMachine(spec, { streamId: 5, dayNumber: 99 });
    await noSuchDay.dispatch(failed('loadDay', new Error(DAY_NOT_FOUND)));
    expect(noSuchDay.snapshot().value).toBe('dayNotFound');
    // Either way the menu's history is told, so that it does not lead back to this page.
    for (const running of [unknownStream, noSuchDay])
      expect(running.effects).toEqual([expect.objectContaining({ name: 'notFoundShown' })]);
  });

  it('names no day 0 when the address names no day', async () => {
    for (const [dayNumber, text] of [
      [99, 'This course has no day 99.'],
      // `/calendar/abc` reaches the machine as day 0.
      [0, 'This course has no such day.'],
    ] as const) {
      const running = startMachine(spec, { streamId: 5, dayNumber });
      await running.dispatch(failed('loadDay', new Error(DAY_NOT_FOUND)));
      const { element, stop } = await screenProviders({ path: '/course/5/calendar/abc', session }, () =>
        createElement(DayView, { actor: running.actor }),
      );
      const view = render(element);
      try {
        expect(notice()).toBe(text);
      } finally {
        view.unmount();
        stop();
      }
    }
  });

  it('offline, a day that could not load points to the downloaded lessons', async () => {
    const running = startMachine(spec, { streamId: 5, dayNumber: 3 });
    await running.dispatch(failed('loadDay', networkError));
    const page = await renderSignedIn(
      '/course/5/calendar/3',
      () => createElement(DayView, { actor: running.actor }),
      [],
    );
    try {
      const link = () => screen.queryByRole('link', { name: 'Watch your downloaded lessons' });
      expect(notice()).toBe('Failed to load the day.');
      expect(link()).toBeNull();
      act(() => page.root().send({ type: 'CONNECTIVITY.OFFLINE' }));
      expect(link()?.getAttribute('href')).toBe('/user/downloads');
    } finally {
      page.done();
    }
  });

  it('does not ask for a stream the address cannot name', () => {
    const running = startMachine(spec, { streamId: null, dayNumber: 1 });
    expect(running.snapshot().value).toBe('notFound');
    expect(running.fakes.inputOf('loadDay')).toBeUndefined();
  });

  it('has nothing to start or finish on a rest day', async () => {
    const running = startMachine(spec, { streamId: 5, dayNumber: 3 });
    await running.dispatch(done('loadDay', restDay));
    expect(running.snapshot().value).toBe('rest');
    expect(running.snapshot().can({ type: 'DAY.START' })).toBe(false);
    expect(running.snapshot().can({ type: 'DAY.FINISH' })).toBe(false);
  });
});

describe('lesson parts', () => {
  afterAll(async () => {
    await switchLanguage('en');
    localStorage.clear();
  });

  // Markers as schools write them: any of the three languages, any case; the last is no part.
  const markers = ['analysis', 'Выполнение', 'TEORÍA', 'part 2'];
  it.each([
    ['en', ['Analysis', 'Execution', 'Theory', 'part 2']],
    ['ru', ['Разбор', 'Выполнение', 'Теория', 'part 2']],
    ['es', ['Análisis', 'Ejecución', 'Teoría', 'part 2']],
  ] as const)(
    'read in %s whatever language the marker is in; another subtitle as written',
    async (language, shown) => {
      await switchLanguage(language);
      const { container, unmount } = render(
        createElement(
          I18nProvider,
          { i18n },
          markers.map((subtitle) => createElement(LessonSubtitle, { key: subtitle, subtitle })),
        ),
      );
      expect(
        [...container.querySelectorAll('.lesson__subtitle')].map((element) => element.textContent),
      ).toEqual(shown);
      unmount();
    },
  );
});
