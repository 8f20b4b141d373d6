import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { logoutMachine } from '../../machines/auth/logout.machine';
import { LogoutView } from '../../src/features/auth/LogoutScreen';
import { done, failed, networkError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';

const spec = {
  machine: logoutMachine,
  spec: 'Shell spec §4 Logout: revoke the session on the server, clear local stores, back to sign-in',
  screen: {
    view: LogoutView,
    setting: { path: '/logout', session },
    actions: {},
    // The machine works unseen; the user sees the preloader until the effects leave the page.
    sees: [{ see: () => expect(screen.getByRole('status', { name: 'Signing out…' })).toBeTruthy() }],
  },
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
