import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { type LoginContext, loginMachine } from '../../machines/auth/login.machine';
import { GENERIC_ERROR } from '../../machines/forms/formSupport';
import { SIGN_IN_RETRY_FALLBACK_SECONDS } from '../../src/domain/limits';
import { LoginView } from '../../src/features/auth/LoginScreen';
import { done, failed, requestError, serverError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { button, fieldErrors, hasButton, inputType, notice } from '../screenQueries';
import { click, typeInto } from '../userActions';

/** GET /user after sign-in may know more than the sign-in answer did. */
const fetchedUser = { ...session.user, firstName: 'Augusta' };
const wrongPassword = requestError(422, 'Check the form', { password: ['Incorrect e-mail or password.'] });
const rateLimited = { ...requestError(429, 'Too many attempts, try again in 30 s'), retryAfter: 30 };

const emptyField = ({ context }: AnyMachineSnapshot) =>
  context.email.trim() === '' || context.password.trim() === '';
const withContext =
  (predicate: (context: LoginContext) => boolean) =>
  ({ context }: AnyMachineSnapshot) =>
    predicate(context as LoginContext);

const spec = {
  machine: loginMachine,
  spec: 'Shell spec §2 Sign-in screen, §4 Login, §8: e-mail and password, field errors, the restore offer after a wrong password, the wait after a 429',
  screen: {
    view: LoginView,
    actions: {
      'FORM.CHANGE': typeInto({ email: 'E-mail', password: 'Password' }),
      'FORM.TOGGLE_PASSWORD': click(/Show password|Hide password/),
      'FORM.SUBMIT': click('Sign in', {
        blockedWhen: (snapshot) => emptyField(snapshot) || snapshot.matches({ editing: 'throttled' }),
      }),
    },
    sees: [
      {
        state: 'editing',
        see: ({ context }: AnyMachineSnapshot) => {
          expect(inputType('Password')).toBe(context.passwordVisible ? 'text' : 'password');
          expect(button('Sign in').getAttribute('aria-busy')).toBeNull();
          expect(hasButton('Restore password')).toBe(context.showRestore);
          // Only the server's errors reach the screen: it does not submit empty fields.
          expect(fieldErrors('Password')).toEqual(
            (context as LoginContext).errors.password?.map((error) =>
              error.code === 'server' ? error.message : error.code,
            ) ?? [],
          );
        },
      },
      {
        state: 'editing',
        when: (snapshot: AnyMachineSnapshot) => !emptyField(snapshot),
        see: (snapshot: AnyMachineSnapshot) =>
          expect(button('Sign in').disabled).toBe(snapshot.matches({ editing: 'throttled' })),
      },
      {
        state: 'editing',
        when: withContext((c) => c.formError === null),
        see: () => expect(notice()).toBe(''),
      },
      {
        state: 'editing',
        when: withContext((c) => c.formError === GENERIC_ERROR),
        see: () => expect(notice()).toBe('Failed to sign in. Try again later'),
      },
      {
        state: 'editing',
        when: withContext((c) => c.formError === rateLimited.message),
        see: () => expect(notice()).toBe(rateLimited.message),
      },
      { state: 'submitting', see: () => expect(button('Sign in').getAttribute('aria-busy')).toBe('true') },
      { state: 'succeeded', see: () => expect(notice()).toBe('') },
    ],
  },
  events: [
    // An e-mail input drops surrounding spaces itself, so the screen could not type them.
    { type: 'FORM.CHANGE', field: 'email', value: 'Ada@Example.com' },
    { type: 'FORM.CHANGE', field: 'password', value: 'secret-123' },
    { type: 'FORM.TOGGLE_PASSWORD' },
    { type: 'FORM.SUBMIT' },
    done('login', session),
    failed('login', wrongPassword),
    failed('login', rateLimited),
    failed('login', serverError),
    done('fetchUser', fetchedUser),
    failed('fetchUser', serverError),
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

  it('sends the normalised e-mail once, ignoring a second submit, fetches the user, then signs in and follows the return URL', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.started).toEqual([
      { id: 'login', input: { email: 'ada@example.com', password: 'secret-123' } },
    ]);
    await running.dispatch(done('login', session));
    expect(running.snapshot().matches({ submitting: 'fetchingUser' })).toBe(true);
    expect(running.fakes.inputOf('fetchUser')).toEqual({ token: session.token });
    expect(running.effects).toEqual([]);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.started).toHaveLength(2);
    await running.dispatch(done('fetchUser', fetchedUser));
    expect(running.snapshot().status).toBe('done');
    expect(running.effects).toEqual([
      { name: 'signIn', params: { token: session.token, user: fetchedUser } },
      { name: 'goToReturnUrl', params: { token: session.token } },
    ]);
  });

  it('does not sign in when the user cannot be fetched, and says so', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(done('login', session));
    await running.dispatch(failed('fetchUser', serverError));
    expect(running.snapshot().matches({ editing: 'ready' })).toBe(true);
    expect(running.snapshot().context).toMatchObject({ formError: GENERIC_ERROR, token: null });
    expect(running.effects).toEqual([]);
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
