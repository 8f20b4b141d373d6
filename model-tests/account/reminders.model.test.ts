import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { remindersMachine } from '../../machines/account/reminders.machine';
import type { Reminder } from '../../src/domain/reminders';
import { RemindersView } from '../../src/features/account/reminders/RemindersScreen';
import { done, failed, networkError, networkReturned, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';
import { click, networkReturns } from '../userActions';

const three: Reminder[] = [
  { time: '07:15', days: [1, 2, 3, 4, 5] },
  { time: '10:00', days: [6, 7] },
  { time: '21:30', days: [1, 3, 5] },
];

/** The brand sends reminders by push. */
const offered = { offered: true };
/** A brand without push: its reminders would never come. */
const notOffered = { offered: false };

const spec = {
  machine: remindersMachine,
  spec: 'Content spec §2 settingsReminders, reminder settings (daily, weekdays, weekend); §3 repeatDays; §7 GET /schedule',
  inputs: [offered, notOffered],
  screen: {
    view: RemindersView,
    setting: { path: '/user/settings/reminders', session },
    actions: { 'REMINDERS.RETRY': click('Try again'), 'NETWORK.RETURNED': networkReturns },
    sees: [
      {
        see: () => {
          expect(screen.getByRole('heading', { name: 'Reminders', level: 1 })).toBeTruthy();
          expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe(
            '/user/settings/notifications',
          );
        },
      },
      {
        state: 'notOffered',
        see: () => {
          expect(notice()).toBe('This app does not send reminders.');
          expect(screen.queryByText(/^Reminders come as notifications/)).toBeNull();
          expect(screen.queryByRole('link', { name: 'Add reminder' })).toBeNull();
        },
      },
      {
        state: 'loading',
        see: () => {
          expect(screen.getByRole('status').textContent).toBe('Loading your reminders…');
          expect(screen.queryByRole('link', { name: 'Add reminder' })).toBeNull();
        },
      },
      {
        state: 'loaded',
        when: (snapshot: AnyMachineSnapshot) => snapshot.context.reminders.length === 3,
        see: () => {
          const links = screen.getAllByRole('listitem').map((item) => item.querySelector('a'));
          expect(links.map((link) => link?.textContent)).toEqual([
            '07:15 · Weekdays',
            '10:00 · Weekend',
            '21:30 · Mon, Wed, Fri',
          ]);
          expect(links.map((link) => link?.getAttribute('href'))).toEqual([
            '/user/settings/reminders/0715',
            '/user/settings/reminders/1000',
            '/user/settings/reminders/2130',
          ]);
          expect(screen.getByRole('link', { name: 'Add reminder' }).getAttribute('href')).toBe(
            '/user/settings/reminders/new',
          );
        },
      },
      {
        state: 'loaded',
        when: (snapshot: AnyMachineSnapshot) => snapshot.context.reminders.length === 0,
        see: () => {
          expect(screen.getByText(/^No reminders yet\./)).toBeTruthy();
          expect(screen.queryByRole('list')).toBeNull();
          expect(screen.getByRole('link', { name: 'Add reminder' })).toBeTruthy();
        },
      },
      {
        state: 'failed',
        see: () => expect(notice()).toBe('Failed to load your reminders.'),
      },
    ],
  },
  events: [
    { type: 'REMINDERS.RETRY' },
    networkReturned,
    done('loadReminders', three),
    done('loadReminders', []),
    failed('loadReminders', networkError),
  ],
};

describeModel(spec);

describe('reminders', () => {
  it('reads the schedule again on retry after a failure', async () => {
    const running = startMachine(spec, offered);
    await running.dispatch(failed('loadReminders', networkError));
    expect(running.snapshot().context.error).toEqual(networkError);
    await running.dispatch({ type: 'REMINDERS.RETRY' });
    // Between the two reads, the failure watched for the network's return.
    expect(running.fakes.started.map((actor) => actor.id)).toEqual([
      'loadReminders',
      'networkReturn',
      'loadReminders',
    ]);
    await running.dispatch(done('loadReminders', three));
    expect(running.snapshot().value).toBe('loaded');
    expect(running.snapshot().context).toEqual({ offered: true, reminders: three, error: null });
  });

  it('reads nothing where the brand sends no reminders', () => {
    const running = startMachine(spec, notOffered);
    expect(running.snapshot().value).toBe('notOffered');
    expect(running.fakes.started).toEqual([]);
  });
});
