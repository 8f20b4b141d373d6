import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  type CalendarCourse,
  type CalendarDays,
  type CalendarInput,
  calendarMachine,
} from '../../machines/learning/calendar.machine';
import { formatDate, startOfNextDay } from '../../src/domain/learning/calendarDates';
import { freezeLiftsAt } from '../../src/domain/learning/freeze';
import {
  type CourseStream,
  canFreeze,
  pendingFreeze,
  type StreamFreeze,
} from '../../src/domain/learning/stream';
import { CalendarView } from '../../src/features/learning/calendar/CalendarScreen';
import { done, failed, networkError, networkReturned, requestError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { screenProviders } from '../screenProviders';
import { notice } from '../screenQueries';
import { click, fromOutside, networkReturns, type UserAction } from '../userActions';
import {
  course,
  day,
  daysFromNow,
  seesCourseNotAvailable,
  stage,
  statuses,
  stream,
} from './learningFixtures';

const days = [
  day(11, 1, 1),
  day(12, 1, 2),
  day(13, 1, 3),
  day(14, 1, 4, { isDayOfRest: true, title: '' }),
  day(15, 2, 5),
  day(16, 2, 6),
];
const stages = [stage(1, 'Stage one', [11, 12, 13, 14]), stage(2, 'Stage two', [15, 16])];

const open = stream({ courseVersion: 1 });
const ended = stream({ status: 'ended', endDate: daysFromNow(-2) });
const strongBack: CalendarCourse = {
  course: course(1, 'Strong back'),
  // Version 1 of the stream is no longer supported: the update modal shows.
  versions: [
    { courseId: 1, version: 1, isSupported: false },
    { courseId: 1, version: 2, isSupported: true },
  ],
};
const courseDays: CalendarDays = { stages, days };
const progress = statuses(
  days.map((item) => item.id),
  { finished: [11], started: [12], currentDayId: 12, closed: [13] },
);
/**
 * A stream on its last day in the learner's zone: it ends at that day's last second, as the server
 * enrols it. No freeze fits before it ends, so none is offered.
 */
const lastDay = stream({
  courseVersion: 1,
  endDate: startOfNextDay(Date.now(), session.user.timezone) - 1000,
});
const frozen = stream({
  status: 'freeze',
  courseVersion: 1,
  freeze: { id: 3, status: 'active', startDate: daysFromNow(-1), endDate: daysFromNow(5) },
});

const closedUntil = `Closed until ${formatDate(daysFromNow(3), session.user.timezone)}`;
/** The day states each stage shows, with finished days shown and hidden. */
const DAY_STATES: Record<number, { shown: string[]; hidden: string[] }> = {
  1: { shown: ['Done', 'Pass now', closedUntil, 'Rest day'], hidden: ['Pass now', closedUntil, 'Rest day'] },
  2: { shown: ['Available', 'Available'], hidden: ['Available', 'Available'] },
};
/**
 * A frozen stream's: no day to do or open until the day after the freeze's last one (which comes
 * after day 13's own delay), the rest day included; finished days as they were.
 */
const closedByFreeze = `Closed until ${formatDate(
  freezeLiftsAt(frozen.freeze as StreamFreeze, session.user.timezone),
  session.user.timezone,
)}`;
const FROZEN_DAY_STATES: Record<number, { shown: string[]; hidden: string[] }> = {
  1: {
    shown: ['Done', closedByFreeze, closedByFreeze, closedByFreeze],
    hidden: [closedByFreeze, closedByFreeze, closedByFreeze],
  },
  2: { shown: [closedByFreeze, closedByFreeze], hidden: [closedByFreeze, closedByFreeze] },
};
const dayStates = () =>
  [...document.querySelectorAll('.calendar-day__state')].map((element) => element.textContent);

/** DIALOG.CLOSE, STREAM.CHANGED and STREAM.STALE come from the freeze dialog the screen shows beside the view. */
const fromFreezeDialog = (words: string): UserAction => ({
  words: () => words,
  control: () => screen.getByRole('dialog', { name: /freeze the course/i }),
  perform: async () => {},
  blockedWhen: () => true,
});

const openStageTwo: UserAction = {
  words: () => 'the user opens the “Stage two” tab',
  control: () => screen.getByRole('tab', { name: 'Stage two' }),
  perform: (user) => user.click(screen.getByRole('tab', { name: 'Stage two' })),
};

const toggleFinished: UserAction = {
  words: () => 'the user ticks or unticks “Show finished days”',
  control: () => screen.getByRole('checkbox', { name: 'Show finished days' }),
  perform: (user) => user.click(screen.getByRole('checkbox', { name: 'Show finished days' })),
};

/** The calendar's clock and zone are the screen's: the learner's zone, now. */
const clock = { now: Date.now, timeZone: session.user.timezone };
/** The freeze offer at this moment, as the machine and the screen decide it. */
const freezable = (stream: CourseStream | null) =>
  stream !== null && canFreeze(stream, Date.now(), session.user.timezone);

const inputs: CalendarInput[] = [
  { streamId: 1, ...clock },
  { streamId: null, ...clock },
  { streamId: 1, legacyDayId: 15, ...clock },
  { streamId: 1, dialog: 'freeze', legacyDayId: 99, ...clock },
];

const loadingText = 'Loading the course calendar…';
/** The text of the screen's loading status (the access line, also a status, shows beside it). */
const loadingStatus = () =>
  screen.getAllByRole('status').find((status) => status.classList.contains('loading-state'))?.textContent;

const spec = {
  machine: calendarMachine,
  spec: 'Content spec §2 Course calendar (last position, without a stream to courses, old day path), §4 day states, day lock, freeze, statuses cache, §8 calendar load error, access ended, version update modal',
  inputs,
  screen: {
    view: CalendarView,
    setting: { path: '/course/1/calendar', session },
    actions: {
      'CALENDAR.RETRY': click('Try again'),
      'NETWORK.RETURNED': networkReturns,
      'STAGE.SELECT': openStageTwo,
      'FILTERS.TOGGLE_FINISHED': toggleFinished,
      'FREEZE.OPEN': click('Freeze the course', {
        blockedWhen: ({ context }) => !freezable(context.stream),
      }),
      'UNFREEZE.OPEN': click('Unfreeze the course', {
        blockedWhen: ({ context }) => pendingFreeze(context.stream) === null,
      }),
      'DIALOG.CLOSE': fromFreezeDialog('the user closes the freeze dialog'),
      // From the page's address (Forward onto the dialog's entry), not from the view.
      'DIALOG.REQUESTED': fromOutside('the address names the freeze dialog'),
      'STREAM.CHANGED': fromFreezeDialog('the user freezes or unfreezes the course in the dialog'),
      'STREAM.STALE': fromFreezeDialog('the user closes the freeze dialog after its call failed'),
      'VERSION_MODAL.CLOSE': click('Later', { blockedWhen: ({ context }) => !context.versionModal }),
    },
    sees: [
      {
        state: 'checking',
        see: () => expect(loadingStatus()).toBe(loadingText),
      },
      { state: 'loading', see: () => expect(loadingStatus()).toBe(loadingText) },
      {
        // The header shows as soon as the course is in, freezing not offered yet; the days load below.
        state: 'loadingCourse',
        see: ({ context }: AnyMachineSnapshot) => {
          expect(loadingStatus()).toBe(loadingText);
          expect(screen.queryByRole('heading', { level: 1 })?.textContent ?? null).toBe(
            context.course === null ? null : 'Strong back',
          );
          const freezeButton = screen.queryByRole('button', { name: 'Freeze the course' });
          if (freezeButton) expect((freezeButton as HTMLButtonElement).disabled).toBe(true);
        },
      },
      {
        state: 'loadingStatuses',
        see: () => {
          expect(loadingStatus()).toBe(loadingText);
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Strong back');
        },
      },
      // Leaving for a day: the next page replaces this one.
      { state: 'leavingForDay', see: () => expect(loadingStatus()).toBe(loadingText) },
      { state: 'notFound', see: seesCourseNotAvailable },
      {
        state: 'failed',
        see: () => {
          expect(notice()).toBe('Could not load the course calendar. Check the connection and try again.');
          // The way out stays: the list of courses, as on the loaded calendar.
          expect(screen.getByRole('link', { name: 'Back to my courses' }).getAttribute('href')).toBe(
            '/courses',
          );
        },
      },
      {
        state: 'accessEnded',
        see: () => {
          // The emoticon is bound to the last word (a no-break space): a line never ends before it.
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
            'Ouch! You have run out of access\u00a0:(',
          );
          expect(screen.getByText('Extend the course to resume access.')).toBeTruthy();
        },
      },
      {
        state: 'ready',
        see: ({ context }: AnyMachineSnapshot) => {
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Strong back');
          const selected = screen.getByRole('tab', { selected: true }).textContent;
          expect(selected).toBe(context.filters.stageId === 2 ? 'Stage two' : 'Stage one');
          const checkbox = screen.getByRole('checkbox', { name: 'Show finished days' }) as HTMLInputElement;
          expect(checkbox.checked).toBe(context.filters.showFinished);
          const frozenNow = (context.stream as CourseStream).status === 'freeze';
          const states = (frozenNow ? FROZEN_DAY_STATES : DAY_STATES)[context.filters.stageId as number];
          expect(dayStates()).toEqual(context.filters.showFinished ? states?.shown : states?.hidden);
          expect(screen.queryByRole('dialog', { name: 'A new version of the course' }) !== null).toBe(
            context.versionModal,
          );
          const freezeButton = screen.queryByRole('button', { name: 'Freeze the course' });
          expect(freezeButton?.getAttribute('aria-expanded') ?? null).toBe(
            freezable(context.stream) ? String(context.dialog === 'freeze') : null,
          );
        },
      },
    ],
  },
  events: [
    { type: 'CALENDAR.RETRY' },
    networkReturned,
    { type: 'STAGE.SELECT', stageId: 2 },
    { type: 'FILTERS.TOGGLE_FINISHED' },
    { type: 'FREEZE.OPEN' },
    { type: 'UNFREEZE.OPEN' },
    { type: 'DIALOG.CLOSE' },
    { type: 'DIALOG.REQUESTED' },
    { type: 'STREAM.CHANGED', stream: frozen },
    { type: 'STREAM.STALE' },
    { type: 'VERSION_MODAL.CLOSE' },
    done('loadStream', open),
    done('loadStream', lastDay),
    done('loadStream', frozen),
    done('loadStream', ended),
    failed('loadStream', networkError),
    failed('loadStream', requestError(404, 'Not found')),
    done('loadCourse', strongBack),
    failed('loadCourse', networkError),
    done('loadDays', courseDays),
    failed('loadDays', networkError),
    done('loadStatuses', progress),
    failed('loadStatuses', networkError),
    done('reloadStream', frozen),
    failed('reloadStream', networkError),
    done('refetchStatuses', progress),
    failed('refetchStatuses', networkError),
    done('saveFilters', open),
    failed('saveFilters', networkError),
  ],
};

describeModel(spec);

/** The stream, then its course and days, as the server answers them. */
async function loadCalendar(running: ReturnType<typeof startMachine>, answer = open) {
  await running.dispatch(done('loadStream', answer));
  await running.dispatch(done('loadCourse', strongBack));
  await running.dispatch(done('loadDays', courseDays));
}

describe('calendar', () => {
  it('says the course is not available without a valid stream id, and for a stream the server does not know', async () => {
    const withoutId = startMachine(spec, { streamId: null, ...clock });
    expect(withoutId.snapshot().value).toBe('notFound');
    expect(withoutId.fakes.inputOf('loadStream')).toBeUndefined();
    const unknown = startMachine(spec, { streamId: 999, ...clock });
    await unknown.dispatch(failed('loadStream', requestError(404, 'Not found')));
    expect(unknown.snapshot().value).toBe('notFound');
    // It stays on the page, which says so: nothing navigates, and there is nothing to retry, by hand
    // or on the network's return. The menu's history is told, so that it does not lead back here.
    expect(unknown.effects).toEqual([expect.objectContaining({ name: 'notFoundShown' })]);
    expect(unknown.snapshot().can({ type: 'CALENDAR.RETRY' })).toBe(false);
    expect(unknown.snapshot().can(networkReturned)).toBe(false);
  });

  it('asks for the course and the days together, by the stream’s course id, once the stream is in', async () => {
    const running = startMachine(spec, { streamId: 1, ...clock });
    expect(running.fakes.inputOf('loadStream')).toEqual({ streamId: 1 });
    await running.dispatch(done('loadStream', stream({ courseId: 7 })));
    expect(running.fakes.inputOf('loadCourse')).toEqual({ courseId: 7 });
    expect(running.fakes.inputOf('loadDays')).toEqual({ courseId: 7 });
    await running.dispatch(done('loadDays', courseDays));
    expect(running.snapshot().matches('loadingCourse')).toBe(true);
    await running.dispatch(done('loadCourse', strongBack));
    expect(running.snapshot().matches('loadingStatuses')).toBe(true);
  });

  it('sends the old day path (a day id) on to the day of that number', async () => {
    const running = startMachine(spec, { streamId: 1, legacyDayId: 15, ...clock });
    await loadCalendar(running);
    expect(running.effects).toEqual([{ name: 'goToDay', params: { streamId: 1, dayNumber: 5 } }]);
  });

  it('opens on the saved stage and filters, and saves a change with the stream’s other filters kept', async () => {
    const running = startMachine(spec, { streamId: 1, ...clock });
    await loadCalendar(running, stream({ filters: { stageId: 2, showFinished: false, theme: 'dark' } }));
    await running.dispatch(done('loadStatuses', progress));
    expect(running.snapshot().context.filters).toEqual({ stageId: 2, showFinished: false });
    await running.dispatch({ type: 'FILTERS.TOGGLE_FINISHED' });
    expect(running.fakes.inputOf('saveFilters')).toEqual({
      streamId: 1,
      filters: { stageId: 2, showFinished: true, theme: 'dark' },
    });
  });

  it('opens the freeze route’s dialog on arrival, or the unfreeze confirmation for a frozen stream', async () => {
    const toFreeze = startMachine(spec, { streamId: 1, dialog: 'freeze', ...clock });
    await loadCalendar(toFreeze);
    await toFreeze.dispatch(done('loadStatuses', progress));
    expect(toFreeze.snapshot().context.dialog).toBe('freeze');
    const toUnfreeze = startMachine(spec, { streamId: 1, dialog: 'freeze', ...clock });
    await loadCalendar(toUnfreeze, frozen);
    await toUnfreeze.dispatch(done('loadStatuses', progress));
    expect(toUnfreeze.snapshot().context.dialog).toBe('unfreeze');
  });

  it('opens no dialog on the freeze route on the stream’s last day, when no freeze fits', async () => {
    const running = startMachine(spec, { streamId: 1, dialog: 'freeze', ...clock });
    await loadCalendar(running, lastDay);
    await running.dispatch(done('loadStatuses', progress));
    expect(running.snapshot().matches('ready')).toBe(true);
    expect(running.snapshot().context.dialog).toBeNull();
    await running.dispatch({ type: 'FREEZE.OPEN' });
    expect(running.snapshot().context.dialog).toBeNull();
  });

  it('refuses the freeze route’s dialog on a stream whose access ended, so its name leaves the address', async () => {
    const running = startMachine(spec, { streamId: 1, dialog: 'freeze', ...clock });
    await loadCalendar(running, ended);
    expect(running.snapshot().matches('accessEnded')).toBe(true);
    expect(running.snapshot().context).toMatchObject({ dialog: null, dialogRefused: true });
    const asked = startMachine(spec, { streamId: 1, ...clock });
    await loadCalendar(asked, ended);
    expect(asked.snapshot().context.dialogRefused).toBe(false);
  });

  it('stops offering the freeze once its clock reaches the stream’s last day', async () => {
    let now = Date.parse('2030-06-29T23:59:00Z');
    const running = startMachine(spec, { streamId: 1, now: () => now, timeZone: 'UTC' });
    await loadCalendar(running, stream({ endDate: Date.parse('2030-06-30T23:59:59Z') }));
    await running.dispatch(done('loadStatuses', progress));
    await running.dispatch({ type: 'FREEZE.OPEN' });
    expect(running.snapshot().context.dialog).toBe('freeze');
    await running.dispatch({ type: 'DIALOG.CLOSE' });
    now = Date.parse('2030-06-30T00:01:00Z');
    await running.dispatch({ type: 'FREEZE.OPEN' });
    expect(running.snapshot().context.dialog).toBeNull();
  });

  it('gives the focus to the course’s title when the version modal it opened on arrival closes', async () => {
    const running = startMachine(spec, { streamId: 1, ...clock });
    const { element, stop } = await screenProviders({ path: '/course/1/calendar', session }, () =>
      createElement(CalendarView, { actor: running.actor }),
    );
    const view = render(element);
    try {
      await act(() => loadCalendar(running));
      await act(() => running.dispatch(done('loadStatuses', progress)));
      const later = screen.getByRole('button', { name: 'Later' });
      await userEvent.setup().click(later);
      expect(screen.queryByRole('dialog', { name: 'A new version of the course' })).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Strong back' }));
    } finally {
      view.unmount();
      stop();
    }
  });

  it('takes the changed stream after a freeze and refetches the statuses', async () => {
    const running = startMachine(spec, { streamId: 1, ...clock });
    await loadCalendar(running);
    await running.dispatch(done('loadStatuses', progress));
    await running.dispatch({ type: 'FREEZE.OPEN' });
    await running.dispatch({ type: 'STREAM.CHANGED', stream: frozen });
    expect(running.snapshot().context.stream).toEqual(frozen);
    expect(running.snapshot().context.dialog).toBeNull();
    expect(running.snapshot().matches({ ready: { statuses: 'refreshing' } })).toBe(true);
    expect(running.effects.map((effect) => effect.name)).toEqual(['syncAppData']);
  });

  it('reads the stream again when the dialog closes after its call failed, then the statuses', async () => {
    const running = startMachine(spec, { streamId: 1, ...clock });
    await loadCalendar(running);
    await running.dispatch(done('loadStatuses', progress));
    await running.dispatch({ type: 'FREEZE.OPEN' });
    await running.dispatch({ type: 'STREAM.STALE' });
    expect(running.snapshot().context.dialog).toBeNull();
    expect(running.fakes.inputOf('reloadStream')).toEqual({ streamId: 1 });
    await running.dispatch(done('reloadStream', frozen));
    expect(running.snapshot().context.stream).toEqual(frozen);
    expect(running.snapshot().matches({ ready: { statuses: 'refreshing' } })).toBe(true);
    expect(running.effects.map((effect) => effect.name)).toEqual(['syncAppData']);
  });
});
