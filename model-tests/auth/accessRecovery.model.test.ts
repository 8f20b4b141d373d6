import { describe, expect, it } from 'vitest';
import { accessRecoveryMachine } from '../../machines/auth/accessRecovery.machine';
import { NO_CONNECTION } from '../../machines/forms/formSupport';
import { RequestLinkView } from '../../src/features/auth/AccessRecoveryScreen';
import { done, failed, networkError, requestError } from '../fixtures';
import { formScreen } from '../formScreen';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { fieldValue, notice } from '../screenQueries';
import { click } from '../userActions';

const invalidEmail = requestError(422, 'Check the form', {
  email: ['E-mail is not a valid e-mail address.'],
});

/** Opened from the menu or by its address: nothing typed yet. */
const blank = { email: '' };
/** Opened from sign-in ("Forgot your password?", "Restore password") with the e-mail typed there. */
const fromSignIn = { email: 'ada@example.com' };

const spec = {
  machine: accessRecoveryMachine,
  spec: 'Shell spec §2 Access recovery: a reset link sent to the e-mail, field errors, another e-mail',
  screen: formScreen({
    view: RequestLinkView,
    setting: { path: '/reset' },
    fields: { email: 'E-mail' },
    submit: 'Send link',
    busyIn: 'sending',
    formIn: ['editing', 'sending'],
    actions: {
      'FORM.RESET': click('Use another e-mail', { blockedWhen: (snapshot) => !snapshot.matches('sent') }),
    },
    sees: [
      {
        state: 'editing',
        see: ({ context }) => expect(fieldValue('E-mail')).toBe(context.email),
      },
      {
        state: 'sent',
        see: ({ context }) => expect(notice()).toBe(`We have sent a link to ${context.email}`),
      },
    ],
  }),
  inputs: [blank, fromSignIn],
  events: [
    { type: 'FORM.CHANGE', field: 'email', value: 'Ada@Example.com' },
    { type: 'FORM.SUBMIT' },
    { type: 'FORM.RESET' },
    done('requestPasswordReset'),
    failed('requestPasswordReset', invalidEmail),
    failed('requestPasswordReset', networkError),
  ],
};

describeModel(spec);

describe('accessRecovery', () => {
  it('needs a valid e-mail', async () => {
    const running = startMachine(spec, blank);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({ email: [{ code: 'required' }] });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: 'ada' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({ email: [{ code: 'email' }] });
    expect(running.fakes.started).toEqual([]);
  });

  it('sends the normalised e-mail and shows it on the sent screen; FORM.RESET goes back', async () => {
    const running = startMachine(spec, blank);
    await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: ' Ada@Example.com ' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.inputOf('requestPasswordReset')).toEqual({ email: 'ada@example.com' });
    await running.dispatch(done('requestPasswordReset'));
    expect(running.snapshot().value).toBe('sent');
    expect(running.snapshot().context.email).toBe('ada@example.com');
    await running.dispatch({ type: 'FORM.RESET' });
    expect(running.snapshot().value).toBe('editing');
  });

  it('starts from the e-mail typed at sign-in, which is sent as it is without typing it again', async () => {
    const running = startMachine(spec, fromSignIn);
    expect(running.snapshot().context.email).toBe('ada@example.com');
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.inputOf('requestPasswordReset')).toEqual({ email: 'ada@example.com' });
  });

  it('shows server field errors under the field and other failures as the generic message', async () => {
    const running = startMachine(spec, blank);
    await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: 'ada@example.com' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(failed('requestPasswordReset', invalidEmail));
    expect(running.snapshot().context.errors).toEqual({
      email: [{ code: 'server', message: 'E-mail is not a valid e-mail address.' }],
    });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(failed('requestPasswordReset', networkError));
    expect(running.snapshot().context.formError).toBe(NO_CONNECTION);
  });
});
