import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { autoLoginMachine } from '../../machines/auth/autoLogin.machine';
import { AutoLoginView } from '../../src/features/auth/AutoLoginScreen';
import { done, failed, unauthorized, user } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';

const withToken = { token: 'mailed-token', returnUrl: '/chat' };

const spec = {
  machine: autoLoginMachine,
  spec: 'Shell spec §4 Auto-login: a link with a token signs in and follows returnUrl; a bad link goes to sign-in',
  screen: {
    view: AutoLoginView,
    setting: { path: '/auto-login' },
    actions: {},
    sees: [
      {
        state: 'verifying',
        see: () => expect(screen.getByRole('status', { name: 'Signing you in…' })).toBeTruthy(),
      },
      {
        state: 'succeeded',
        see: () => expect(screen.getByRole('status', { name: 'Signing you in…' })).toBeTruthy(),
      },
      // Both leave for the sign-in page, which is not part of this screen's router.
      { state: 'failed', see: () => expect(screen.queryByRole('status')).toBeNull() },
      { state: 'redirectingToLogin', see: () => expect(screen.queryByRole('status')).toBeNull() },
    ],
  },
  inputs: [withToken, {}],
  events: [done('fetchUser', user), failed('fetchUser', unauthorized)],
};

describeModel(spec);

describe('autoLogin', () => {
  it('without a token goes straight to login, touching nothing', () => {
    for (const input of [{}, { token: '  ' }, { token: null, returnUrl: '/chat' }]) {
      const running = startMachine(spec, input);
      expect(running.snapshot().value).toBe('redirectingToLogin');
      expect(running.effects).toEqual([]);
    }
  });

  it('ends the current session, checks the token, signs in and follows the return URL', async () => {
    const running = startMachine(spec, withToken);
    expect(running.effects.map((effect) => effect.name)).toEqual(['endSession']);
    expect(running.fakes.inputOf('fetchUser')).toEqual({ token: 'mailed-token' });
    await running.dispatch(done('fetchUser', user));
    expect(running.snapshot().value).toBe('succeeded');
    expect(running.effects.slice(1)).toEqual([
      { name: 'signIn', params: { token: 'mailed-token', user } },
      { name: 'goToReturnUrl', params: { token: 'mailed-token', returnUrl: '/chat' } },
    ]);
  });

  it('fails with the error for the login screen when the token is refused', async () => {
    const running = startMachine(spec, withToken);
    await running.dispatch(failed('fetchUser', unauthorized));
    expect(running.snapshot().value).toBe('failed');
    expect(running.snapshot().context.error).toEqual(unauthorized);
    expect(running.effects.map((effect) => effect.name)).toEqual(['endSession']);
  });
});
