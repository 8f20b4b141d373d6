import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passwordResetMachine } from '../../machines/auth/passwordReset.machine';
import { PasswordResetView } from '../../src/features/auth/PasswordResetForm';
import { done, failed, requestError, session } from '../fixtures';
import { formScreen } from '../formScreen';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';

const input = { token: 'reset-token' };
const expiredToken = requestError(422, 'Check the form', { token: ['The link has expired.'] });
const weakPassword = requestError(422, 'Check the form', { password: ['Password is too common.'] });

const spec = {
  machine: passwordResetMachine,
  spec: 'Shell spec §2 Access recovery (new password from the mail): the new password twice, then signed in',
  screen: formScreen({
    view: PasswordResetView,
    setting: { path: '/reset' },
    fields: { password: 'New password', passwordRepeat: 'Repeat new password' },
    submit: 'Save password',
    busyIn: 'submitting',
    formIn: ['editing', 'submitting'],
    sees: [
      { state: 'succeeded', see: () => expect(notice()).toBe('') },
      {
        state: 'linkRefused',
        see: () => {
          // No password can be set with this link: the form is gone, a new link is one step away.
          expect(notice()).toBe('The link has expired.');
          expect(screen.queryByLabelText('New password')).toBeNull();
          expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
            '/reset',
          );
        },
      },
    ],
  }),
  inputs: [input],
  events: [
    { type: 'FORM.CHANGE', field: 'password', value: 'new-secret-1' },
    { type: 'FORM.CHANGE', field: 'passwordRepeat', value: 'new-secret-1' },
    { type: 'FORM.SUBMIT' },
    done('resetPassword', session),
    failed('resetPassword', expiredToken),
    failed('resetPassword', weakPassword),
  ],
};

describeModel(spec);

async function filledIn() {
  const running = startMachine(spec, input);
  await running.dispatch({ type: 'FORM.CHANGE', field: 'password', value: 'new-secret-1' });
  await running.dispatch({ type: 'FORM.CHANGE', field: 'passwordRepeat', value: 'new-secret-1' });
  await running.dispatch({ type: 'FORM.SUBMIT' });
  return running;
}

describe('passwordReset', () => {
  it('needs a long enough password, repeated exactly', async () => {
    const running = startMachine(spec, input);
    await running.dispatch({ type: 'FORM.CHANGE', field: 'password', value: 'new-secret-1' });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'passwordRepeat', value: 'new-secret-2' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({ passwordRepeat: [{ code: 'newPasswordMismatch' }] });
    expect(running.fakes.started).toEqual([]);
  });

  it('sends the token with the new password, then signs in and goes home', async () => {
    const running = await filledIn();
    expect(running.fakes.inputOf('resetPassword')).toEqual({
      token: 'reset-token',
      password: 'new-secret-1',
      passwordRepeat: 'new-secret-1',
    });
    await running.dispatch(done('resetPassword', session));
    expect(running.effects).toEqual([
      { name: 'signIn', params: session },
      { name: 'goToHome', params: undefined },
    ]);
  });

  it('ends the form on a refused link with its reason, and keeps password problems under the field', async () => {
    const expired = await filledIn();
    await expired.dispatch(failed('resetPassword', expiredToken));
    expect(expired.snapshot().value).toBe('linkRefused');
    expect(expired.snapshot().context.formError).toBe('The link has expired.');
    expect(expired.snapshot().context.errors).toEqual({});
    // Nothing more is sent with the refused token.
    await expired.dispatch({ type: 'FORM.SUBMIT' });
    expect(expired.fakes.started.map((actor) => actor.id)).toEqual(['resetPassword']);

    const weak = await filledIn();
    await weak.dispatch(failed('resetPassword', weakPassword));
    expect(weak.snapshot().value).toBe('editing');
    expect(weak.snapshot().context.formError).toBeNull();
    expect(weak.snapshot().context.errors).toEqual({
      password: [{ code: 'server', message: 'Password is too common.' }],
    });
  });
});
