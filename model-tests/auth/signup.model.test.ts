import { describe, expect, it } from 'vitest';
import { signupMachine } from '../../machines/auth/signup.machine';
import { GENERIC_ERROR } from '../../machines/forms/formSupport';
import { SignupView } from '../../src/features/auth/SignupScreen';
import { done, failed, networkError, requestError, serverError, session } from '../fixtures';
import { formScreen } from '../formScreen';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';
import { leave } from '../userActions';

const input = { timezone: 'Europe/London' };
const taken = 'This e-mail is already taken.';
const emailTaken = requestError(422, 'Check the form', { email: [taken] });

const spec = {
  machine: signupMachine,
  spec: 'Shell spec §2 Sign-up screen: e-mail checked on leaving the field, the password twice, then signed in',
  screen: formScreen({
    view: SignupView,
    setting: { path: '/signup' },
    fields: { email: 'E-mail', password: 'Password', passwordRepeat: 'Repeat password' },
    submit: 'Sign up',
    busyIn: 'submitting',
    formIn: ['editing', 'submitting'],
    genericError: 'Failed to sign in. Try again later',
    keepFocus: true,
    actions: { 'FIELD.BLUR': leave({ email: 'E-mail', password: 'Password' }) },
    sees: [{ state: 'succeeded', see: () => expect(notice()).toBe('') }],
  }),
  inputs: [input],
  events: [
    { type: 'FORM.CHANGE', field: 'email', value: 'New@Example.com' },
    { type: 'FORM.CHANGE', field: 'email', value: 'new@' },
    { type: 'FORM.CHANGE', field: 'password', value: 'secret-123' },
    { type: 'FORM.CHANGE', field: 'passwordRepeat', value: 'secret-123' },
    { type: 'FIELD.BLUR', field: 'email' },
    { type: 'FIELD.BLUR', field: 'password' },
    { type: 'FORM.SUBMIT' },
    done('validateSignupForm', [taken]),
    done('validateSignupForm', []),
    failed('validateSignupForm', networkError),
    done('signup', session),
    failed('signup', emailTaken),
    failed('signup', serverError),
  ],
};

describeModel(spec);

async function filledIn() {
  const running = startMachine(spec, input);
  await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: 'New@Example.com' });
  await running.dispatch({ type: 'FORM.CHANGE', field: 'password', value: 'secret-123' });
  await running.dispatch({ type: 'FORM.CHANGE', field: 'passwordRepeat', value: 'secret-123' });
  return running;
}

describe('signup', () => {
  it('checks every field before sending', async () => {
    const running = startMachine(spec, input);
    await running.dispatch({ type: 'FORM.CHANGE', field: 'password', value: 'short' });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'passwordRepeat', value: 'other' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({
      email: [{ code: 'required' }],
      password: [{ code: 'minLength', min: 8 }],
      passwordRepeat: [{ code: 'mismatch' }],
    });
    expect(running.fakes.started).toEqual([]);
  });

  it('asks the server about the e-mail on blur; its errors block the submit until the e-mail changes', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FIELD.BLUR', field: 'email' });
    expect(running.snapshot().matches({ editing: 'checkingEmail' })).toBe(true);
    expect(running.fakes.inputOf('validateSignupForm')).toEqual({ email: 'new@example.com' });
    await running.dispatch(done('validateSignupForm', [taken]));
    expect(running.snapshot().context.errors).toEqual({ email: [{ code: 'server', message: taken }] });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().matches('editing')).toBe(true);
    await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: 'other@example.com' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().value).toBe('submitting');
  });

  it('reports a malformed e-mail on blur without asking the server', async () => {
    const running = startMachine(spec, input);
    await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: 'new@' });
    await running.dispatch({ type: 'FIELD.BLUR', field: 'email' });
    expect(running.snapshot().context.errors).toEqual({ email: [{ code: 'email' }] });
    expect(running.fakes.started).toEqual([]);
  });

  it('signs up with the normalised e-mail and the guessed timezone, then signs in', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.inputOf('signup')).toEqual({
      email: 'new@example.com',
      password: 'secret-123',
      passwordRepeat: 'secret-123',
      timezone: 'Europe/London',
    });
    await running.dispatch(done('signup', session));
    expect(running.effects).toEqual([
      { name: 'signIn', params: session },
      { name: 'goToReturnUrl', params: { token: session.token } },
    ]);
  });

  it('shows the server’s field errors, or the generic failure', async () => {
    const rejected = await filledIn();
    await rejected.dispatch({ type: 'FORM.SUBMIT' });
    await rejected.dispatch(failed('signup', emailTaken));
    expect(rejected.snapshot().context.errors).toEqual({ email: [{ code: 'server', message: taken }] });
    expect(rejected.snapshot().context.formError).toBeNull();

    const broken = await filledIn();
    await broken.dispatch({ type: 'FORM.SUBMIT' });
    await broken.dispatch(failed('signup', serverError));
    expect(broken.snapshot().context.formError).toBe(GENERIC_ERROR);
  });
});
