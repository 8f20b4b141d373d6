import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { logoutMachine, REVOKE_BOUND_MS } from '../../machines/auth/logout.machine';
import { LogoutView } from '../../src/features/auth/LogoutScreen';
import { done, failed, networkError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';

const spec = {
  machine: logoutMachine,
  spec: 'Shell spec §4 Logout: queued statistics sent first (at most 3000 ms; the rest stays stored under the learner), then revoke the session on the server (at most 5000 ms), clear local stores, back to sign-in',
  screen: {
    view: LogoutView,
    setting: { path: '/logout', session },
    actions: {},
    // The machine works unseen; the user sees the preloader until the effects leave the page.
    sees: [{ see: () => expect(screen.getByRole('status', { name: 'Signing out…' })).toBeTruthy() }],
  },
  events: [
    done('flushStatistics'),
    failed('flushStatistics', new Error('the queue could not load')),
    done('revokeSession'),
    failed('revokeSession', networkError),
  ],
};

describeModel(spec);

const LEAVING = ['clearStores', 'removePushUserId', 'rememberReturnUrl', 'endSession', 'goToLogin'];

it.each([
  ['the server revoked the session', done('revokeSession')],
  ['revoking failed', failed('revokeSession', networkError)],
])('clears everything and goes to login when %s', async (_, outcome) => {
  const running = startMachine(spec);
  await running.dispatch(done('flushStatistics'));
  expect(running.effects).toEqual([]);
  await running.dispatch(outcome);
  expect(running.snapshot().status).toBe('done');
  expect(running.effects.map((effect) => effect.name)).toEqual(LEAVING);
});

it('sends the queued statistics before revoking, under the session that made them', async () => {
  const running = startMachine(spec);
  expect(running.fakes.started.map((actor) => actor.id)).toEqual(['flushStatistics']);
  await running.dispatch(done('flushStatistics'));
  expect(running.fakes.started.map((actor) => actor.id)).toEqual(['flushStatistics', 'revokeSession']);
});

it('waits at most 3 s for the statistics, then signs out leaving the rest stored', async () => {
  const running = startMachine(spec);
  running.clock.increment(2999);
  await running.settle();
  expect(running.snapshot().value).toBe('sendingStatistics');
  running.clock.increment(1);
  await running.settle();
  expect(running.snapshot().value).toBe('revoking');
  expect(running.effects).toEqual([]);
});

it('reports a queue that failed and still signs out', async () => {
  const running = startMachine(spec);
  const error = new Error('the queue could not load');
  await running.dispatch(failed('flushStatistics', error));
  expect(running.effects).toEqual([{ name: 'reportError', params: { error } }]);
  await running.dispatch(done('revokeSession'));
  expect(running.snapshot().status).toBe('done');
});

it('signs out without the server when the revoke is not answered within its bound', async () => {
  const running = startMachine(spec);
  await running.dispatch(done('flushStatistics'));
  running.clock.increment(REVOKE_BOUND_MS - 1);
  await running.settle();
  expect(running.snapshot().value).toBe('revoking');
  running.clock.increment(1);
  await running.settle();
  expect(running.snapshot().status).toBe('done');
  expect(running.effects.map((effect) => effect.name)).toEqual(LEAVING);
});
