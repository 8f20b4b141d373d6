import { expect, it } from 'vitest';
import { logoutMachine } from '../machines/logout.machine';
import { done, failed, networkError } from './fixtures';
import { startMachine } from './harness';
import { describeModel } from './modelSuite';

const spec = {
  machine: logoutMachine,
  events: [done('revokeSession'), failed('revokeSession', networkError)],
};

describeModel(spec);

const LEAVING = ['clearStores', 'removePushUserId', 'rememberReturnUrl', 'endSession', 'goToLogin'];

it.each([
  ['the server revoked the session', done('revokeSession')],
  ['revoking failed', failed('revokeSession', networkError)],
])('clears everything and goes to login when %s', async (_, outcome) => {
  const running = startMachine(spec);
  expect(running.effects).toEqual([]);
  await running.dispatch(outcome);
  expect(running.snapshot().status).toBe('done');
  expect(running.effects.map((effect) => effect.name)).toEqual(LEAVING);
});
