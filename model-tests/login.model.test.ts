import { describe, expect, it } from 'vitest';
import { SIGN_IN_RETRY_FALLBACK_SECONDS } from '../machines/constants';
import { GENERIC_ERROR } from '../machines/formSupport';
import { loginMachine } from '../machines/login.machine';
import { done, failed, requestError, serverError, session } from './fixtures';
import { startMachine } from './harness';
import { describeModel } from './modelSuite';

const wrongPassword = requestError(422, 'Check the form', { password: ['Incorrect e-mail or password.'] });
const rateLimited = { ...requestError(429, 'Too many attempts, try again in 30 s'), retryAfter: 30 };

const spec = {
  machine: loginMachine,
  events: [
    { type: 'FORM.CHANGE', field: 'email', value: ' Ada@Example.com ' },
    { type: 'FORM.CHANGE', field: 'password', value: 'secret-123' },
    { type: 'FORM.TOGGLE_PASSWORD' },
    { type: 'FORM.SUBMIT' },
    done('login', session),
    failed('login', wrongPassword),
    failed('login', rateLimited),
    failed('login', serverError),
  ],
};

describeModel(spec);

async function filledIn() {
  const running = startMachine(spec, { notice: 'newSignIn' });
  await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: ' Ada@Example.com ' });
  await running.dispatch({ type: 'FORM.CHANGE', field: 'password', value: 'secret-123' });
  return running;
}

describe('login', () => {
  it('keeps the notice it was started with', () => {
    expect(startMachine(spec, { notice: 'newSignIn' }).snapshot().context.notice).toBe('newSignIn');
    expect(startMachine(spec).snapshot().context.notice).toBeNull();
  });

  it('does not submit empty fields or a malformed e-mail and says why', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({
      email: [{ code: 'required' }],
      password: [{ code: 'required' }],
    });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: 'ada@' });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'password', value: '   ' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({
      email: [{ code: 'email' }],
      password: [{ code: 'required' }],
    });
    expect(running.snapshot().matches('editing')).toBe(true);
    expect(running.fakes.started).toEqual([]);
  });

  it('clears a field’s errors when it changes', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: 'a' });
    expect(running.snapshot().context.errors).toEqual({ password: [{ code: 'required' }] });
  });

  it('sends the normalised e-mail once, ignoring a second submit, then signs in and follows the return URL', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.started).toEqual([
      { id: 'login', input: { email: 'ada@example.com', password: 'secret-123' } },
    ]);
    await running.dispatch(done('login', session));
    expect(running.snapshot().status).toBe('done');
    expect(running.effects).toEqual([
      { name: 'signIn', params: session },
      { name: 'goToReturnUrl', params: { token: session.token } },
    ]);
  });

  it('shows a password error under the field and reveals the restore button', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(failed('login', wrongPassword));
    const { context } = running.snapshot();
    expect(context.errors).toEqual({
      password: [{ code: 'server', message: 'Incorrect e-mail or password.' }],
    });
    expect(context.showRestore).toBe(true);
    expect(context.formError).toBeNull();
  });

  it('shows the generic failure when the server gives no usable answer', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(failed('login', serverError));
    expect(running.snapshot().context.formError).toBe(GENERIC_ERROR);
    expect(running.snapshot().context.showRestore).toBe(false);
  });

  it('after a 429 shows the server message and blocks sign-in until Retry-After has passed', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(failed('login', rateLimited));
    expect(running.snapshot().matches({ editing: 'throttled' })).toBe(true);
    expect(running.snapshot().context.formError).toBe(rateLimited.message);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.started).toHaveLength(1);
    running.clock.increment(29_999);
    expect(running.snapshot().matches({ editing: 'throttled' })).toBe(true);
    running.clock.increment(1);
    expect(running.snapshot().matches({ editing: 'ready' })).toBe(true);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.started).toHaveLength(2);
  });

  it('waits a fallback time after a 429 without Retry-After', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(failed('login', requestError(429, 'Slow down')));
    expect(running.snapshot().context.retryAfterSeconds).toBe(SIGN_IN_RETRY_FALLBACK_SECONDS);
  });

  it('toggles the password visibility', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'FORM.TOGGLE_PASSWORD' });
    expect(running.snapshot().context.passwordVisible).toBe(true);
    await running.dispatch({ type: 'FORM.TOGGLE_PASSWORD' });
    expect(running.snapshot().context.passwordVisible).toBe(false);
  });
});
