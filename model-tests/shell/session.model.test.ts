import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../machines/shell/session.machine';
import { done, failed, networkError, session, unauthorized, user } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';

const renamed = { ...user, firstName: 'Augusta' };

const spec = {
  machine: sessionMachine,
  spec: 'Shell spec §4 Session: token restore, the signed-in user, expiry and remote logout',
  events: [
    { type: 'SESSION.RESTORE' },
    { type: 'SESSION.SIGNED_IN', ...session },
    { type: 'SESSION.USER_UPDATED', user: renamed },
    { type: 'SESSION.EXPIRED', token: session.token },
    { type: 'SESSION.EXPIRED', token: 'replaced-token' },
    { type: 'SESSION.REMOTE_LOGOUT' },
    { type: 'SESSION.END' },
    { type: 'NOTICE.DISMISS' },
    done('readToken', session.token),
    done('readToken', null),
    failed('readToken', new Error('storage blocked')),
    done('fetchUser', user),
    failed('fetchUser', unauthorized),
    failed('fetchUser', networkError),
    failed('listenRemoteLogout', new Error('stream closed')),
  ],
};

describeModel(spec);

async function signedIn() {
  const running = startMachine(spec);
  await running.dispatch({ type: 'SESSION.SIGNED_IN', ...session });
  running.effects.length = 0;
  return running;
}

describe('session', () => {
  it('restores a stored token: fetches its user, tells the app, listens for remote logout', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'SESSION.RESTORE' });
    await running.dispatch(done('readToken', 'stored'));
    expect(running.fakes.inputOf('fetchUser')).toEqual({ token: 'stored' });
    await running.dispatch(done('fetchUser', user));
    expect(running.snapshot().value).toBe('signedIn');
    expect(running.snapshot().context).toEqual({ token: 'stored', user, notice: null });
    expect(running.effects).toEqual([{ name: 'notifyStarted', params: { user } }]);
    expect(running.fakes.inputOf('listenRemoteLogout')).toEqual({ token: 'stored' });
  });

  it('removes a token the server no longer accepts, but keeps it without an answer and tells the app', async () => {
    const rejected = startMachine(spec);
    await rejected.dispatch({ type: 'SESSION.RESTORE' });
    await rejected.dispatch(done('readToken', 'stale'));
    await rejected.dispatch(failed('fetchUser', unauthorized));
    expect(rejected.snapshot().value).toBe('signedOut');
    expect(rejected.effects.map((effect) => effect.name)).toEqual(['clearToken']);

    const offline = startMachine(spec);
    await offline.dispatch({ type: 'SESSION.RESTORE' });
    await offline.dispatch(done('readToken', 'kept'));
    await offline.dispatch(failed('fetchUser', networkError));
    expect(offline.snapshot().value).toBe('idle');
    expect(offline.effects.map((effect) => effect.name)).toEqual(['logError', 'notifyUnreachable']);
    // The app's retry restores it again.
    await offline.dispatch({ type: 'SESSION.RESTORE' });
    await offline.dispatch(done('readToken', 'kept'));
    await offline.dispatch(done('fetchUser', user));
    expect(offline.snapshot().value).toBe('signedIn');
  });

  it('stores the token of a new sign-in and tells the app', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'SESSION.SIGNED_IN', ...session });
    expect(running.snapshot().value).toBe('signedIn');
    expect(running.effects).toEqual([
      { name: 'storeToken', params: { token: session.token } },
      { name: 'notifyStarted', params: { user } },
    ]);
  });

  it('restarts the remote-logout listener with the token of a second sign-in', async () => {
    const running = await signedIn();
    await running.dispatch({ type: 'SESSION.SIGNED_IN', token: 'token-2', user });
    expect(running.fakes.inputOf('listenRemoteLogout')).toEqual({ token: 'token-2' });
    expect(running.snapshot().context.token).toBe('token-2');
  });

  it.each([{ type: 'SESSION.EXPIRED', token: session.token }, { type: 'SESSION.REMOTE_LOGOUT' }])(
    '$type ends the session with the "New sign-in" notice and remembers where the user was',
    async (event) => {
      const running = await signedIn();
      await running.dispatch(event);
      expect(running.snapshot().value).toBe('signedOut');
      expect(running.snapshot().context).toEqual({ token: null, user: null, notice: 'newSignIn' });
      expect(running.effects.map((effect) => effect.name)).toEqual([
        'clearToken',
        'rememberReturnUrl',
        'notifyEnded',
      ]);
      await running.dispatch({ type: 'NOTICE.DISMISS' });
      expect(running.snapshot().context.notice).toBeNull();
    },
  );

  it('a 401 answered to a token a new sign-in has replaced leaves the new session alone', async () => {
    const running = await signedIn();
    await running.dispatch({ type: 'SESSION.SIGNED_IN', token: 'token-after-password-change', user });
    running.effects.length = 0;
    await running.dispatch({ type: 'SESSION.EXPIRED', token: session.token });
    expect(running.snapshot().value).toBe('signedIn');
    expect(running.snapshot().context.token).toBe('token-after-password-change');
    expect(running.effects).toEqual([]);
  });

  it('SESSION.END (logout, deletion) ends the session without a notice', async () => {
    const running = await signedIn();
    await running.dispatch({ type: 'SESSION.END' });
    expect(running.snapshot().context).toEqual({ token: null, user: null, notice: null });
    expect(running.effects.map((effect) => effect.name)).toEqual(['clearToken', 'notifyEnded']);
  });

  it('passes profile updates on to the app', async () => {
    const running = await signedIn();
    await running.dispatch({ type: 'SESSION.USER_UPDATED', user: renamed });
    expect(running.snapshot().context.user).toEqual(renamed);
    expect(running.effects).toEqual([{ name: 'notifyUserChanged', params: { user: renamed } }]);
  });
});
