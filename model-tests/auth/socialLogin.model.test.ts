import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  type SocialLoginContext,
  type SocialLoginInput,
  socialLoginMachine,
} from '../../machines/auth/socialLogin.machine';
import { socialErrorText } from '../../src/domain/socialErrors';
import { SocialLoginReturnView } from '../../src/features/auth/SocialLoginReturn';
import { done, failed, networkError, requestError, session } from '../fixtures';
import { shownFormError } from '../formErrorTexts';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { click } from '../userActions';

const success: SocialLoginInput = { status: 'success', code: 'one-time-code', network: 'google' };
const noLink: SocialLoginInput = {
  status: 'fail',
  errorCode: 'login_no_link',
  errorMessage: 'You are trying to log in with Google.',
  network: 'google',
};
const unknown: SocialLoginInput = {
  status: 'fail',
  errorCode: 'provider_down',
  errorMessage: 'The provider did not answer.',
  network: 'vkontakte',
};
const expired = requestError(422, 'This sign-in has expired or was already used. Please sign in again.');

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as SocialLoginContext;

const spec = {
  machine: socialLoginMachine,
  spec: 'Shell spec §4 Social login return: success (token stored, user fetched) or fail (error dialog); §8 Social login failure: dialog titled "Error" with the mapped message, unknown_error shown with code and message',
  inputs: [success, noLink, unknown],
  screen: {
    view: SocialLoginReturnView,
    setting: { path: '/' },
    actions: { 'SOCIAL.DISMISS': click('OK', { within: 'Error' }) },
    sees: [
      {
        state: 'exchanging',
        see: () => expect(screen.getByRole('status').textContent).toBe('Signing you in…'),
      },
      {
        // The app moves on to the return URL; until it has, the page still says it is signing in.
        state: 'signedIn',
        see: () => {
          expect(screen.getByRole('status').textContent).toBe('Signing you in…');
          expect(screen.queryByRole('dialog')).toBeNull();
        },
      },
      {
        state: 'failed',
        see: (snapshot: AnyMachineSnapshot) => {
          const failure = contextOf(snapshot).failure;
          const dialog = screen.getByRole('dialog', { name: 'Error' });
          if (failure?.code === 'login_no_link') {
            expect(dialog.textContent).toContain(
              'You are trying to log in with Google. There is no user with such an account. Sign in with your e-mail address.',
            );
          } else if (failure?.code === 'flow_expired') {
            expect(dialog.textContent).toContain(socialErrorText('flow_expired', 'en'));
          } else {
            // Unknown: the generic text, then the code and the message.
            expect(dialog.textContent).toContain(
              socialErrorText('unknown_error', 'en', failure?.network ?? undefined),
            );
            const detail = shownFormError(failure?.message ?? null);
            expect(dialog.textContent).toContain(`Code: ${failure?.code}. ${detail}`);
          }
        },
      },
      { state: 'dismissed', see: () => expect(screen.queryByRole('dialog')).toBeNull() },
    ],
  },
  events: [
    { type: 'SOCIAL.DISMISS' },
    done('exchangeCode', session),
    failed('exchangeCode', expired),
    failed('exchangeCode', networkError),
  ],
};

describeModel(spec);

describe('socialLogin', () => {
  it('trades the code for the session, signs in and goes to the return URL', async () => {
    const running = startMachine(spec, success);
    expect(running.fakes.inputOf('exchangeCode')).toEqual({ code: 'one-time-code' });
    await running.dispatch(done('exchangeCode', session));
    expect(running.effects).toEqual([
      { name: 'signIn', params: session },
      { name: 'goToReturnUrl', params: { token: session.token } },
    ]);
  });

  it('shows a code the server no longer takes as flow_expired, and a lost answer as unknown_error', async () => {
    const refused = startMachine(spec, success);
    await refused.dispatch(failed('exchangeCode', expired));
    expect(refused.snapshot().context.failure).toEqual({
      code: 'flow_expired',
      message: expired.message,
      network: 'google',
    });
    const lost = startMachine(spec, success);
    await lost.dispatch(failed('exchangeCode', networkError));
    expect(lost.snapshot().context.failure?.code).toBe('unknown_error');
  });

  it('clears the outcome from the address when the dialog closes', async () => {
    const running = startMachine(spec, noLink);
    expect(running.snapshot().value).toBe('failed');
    await running.dispatch({ type: 'SOCIAL.DISMISS' });
    expect(running.effects.map((effect) => effect.name)).toEqual(['clearOutcome']);
  });
});
