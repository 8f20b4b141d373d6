import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/seed/index';
import { serverForFile } from './harness';

const { server, api } = serverForFile();

const FIFTEEN_MINUTES = 15 * 60;

/** A call sent from another loopback address (127.0.0.0/8 is all this machine): another client. */
function postFrom(localAddress: string, path: string, body: unknown): Promise<number> {
  const { hostname, port } = new URL(server.url);
  const headers = { 'Content-Type': 'application/json', 'X-App-Id': 'web' };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, localAddress, method: 'POST', path: `/spa/api/v1${path}`, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const signInFrom = (localAddress: string, email: string, password: string) =>
  postFrom(localAddress, '/auth/login', { email, password });

describe('sign-in rate limit', () => {
  it('allows 5 failures per account, then answers 429 with Retry-After and a localized message', async () => {
    await api.signUp('target');
    for (let i = 0; i < 5; i++) {
      const wrong = await api.post('/auth/login', {
        email: 'target@example.com',
        password: `wrong-${i}-password`,
      });
      expect(wrong.status).toBe(422);
    }
    const limited = await api.post('/auth/login?lang=ru', {
      email: 'target@example.com',
      password: 'wrong-again',
    });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(FIFTEEN_MINUTES - 60);
    expect(retryAfter).toBeLessThanOrEqual(FIFTEEN_MINUTES);
    expect(limited.body).toEqual({
      success: false,
      message: 'Слишком много попыток. Повторите через 15 мин.',
    });

    // Even the right password waits now; other accounts are not affected.
    const right = await api.post('/auth/login?lang=es', {
      email: 'target@example.com',
      password: 'target-password',
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Demasiados intentos. Inténtalo de nuevo en 15 min.');
    await api.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  });

  it('clears the account failures after a successful sign-in', async () => {
    await api.signUp('forgetful');
    for (let i = 0; i < 4; i++) {
      expect(
        (await api.post('/auth/login', { email: 'forgetful@example.com', password: 'nope-nope' })).status,
      ).toBe(422);
    }
    await api.login('forgetful@example.com', 'forgetful-password');
    for (let i = 0; i < 4; i++) {
      expect(
        (await api.post('/auth/login', { email: 'forgetful@example.com', password: 'nope-nope' })).status,
      ).toBe(422);
    }
    await api.login('forgetful@example.com', 'forgetful-password');
  });

  it('allows 20 failures per client address across accounts, then answers 429', async () => {
    // 13 failures so far from this address (5 + 8 in the tests above; a 429 is not a failure).
    // 7 more on unknown accounts reach 20.
    for (let i = 0; i < 7; i++) {
      const result = await api.post('/auth/login', {
        email: `stranger-${i}@example.com`,
        password: 'guessing-1',
      });
      expect(result.status, `attempt ${i}`).toBe(422);
    }
    const limited = await api.post('/auth/login', {
      email: 'stranger-99@example.com',
      password: 'guessing-1',
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.message).toBe('Too many attempts. Try again in 15 min.');
    const byAppId = await api.post('/auth/login-by-app-id', {
      app_id: 'some-device',
      password: 'guessing-1',
    });
    expect(byAppId.status).toBe(429);
  });
});

describe('sign-in rate limit across client addresses', () => {
  it('someone typing wrong passwords elsewhere does not lock the owner out', async () => {
    await api.signUp('owner');
    for (let i = 0; i < 5; i++)
      expect(await signInFrom('127.0.0.2', 'owner@example.com', `wrong-${i}`)).toBe(422);
    expect(await signInFrom('127.0.0.2', 'owner@example.com', 'owner-password')).toBe(429);
    expect(await signInFrom('127.0.0.3', 'owner@example.com', 'owner-password')).toBe(200);
  });

  it('allows 50 failures per account from all addresses together, then answers 429 everywhere', async () => {
    await api.signUp('besieged');
    for (let host = 10; host < 20; host++) {
      for (let i = 0; i < 5; i++)
        expect(await signInFrom(`127.0.0.${host}`, 'besieged@example.com', `guess-${i}`)).toBe(422);
    }
    expect(await signInFrom('127.0.0.30', 'besieged@example.com', 'besieged-password')).toBe(429);
  });

  it('counts guesses sent at once as they come: only 5 are checked', async () => {
    await api.signUp('rushed');
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInFrom('127.0.0.40', 'rushed@example.com', `rush-${i}`)),
    );
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('a right password sent with wrong ones is no failure of the address', async () => {
    await api.signUp('steady');
    // 4 wrong and the right one at once from a fresh address, then 19 wrong on unknown accounts:
    // the address has 20 failures only if the right one was counted as one.
    const first = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => signInFrom('127.0.0.41', 'steady@example.com', `no-${i}`)),
      signInFrom('127.0.0.41', 'steady@example.com', 'steady-password'),
    ]);
    expect(first.filter((status) => status === 200)).toHaveLength(1);
    for (let i = 0; i < 16; i++)
      expect(await signInFrom('127.0.0.41', `nobody-${i}@example.com`, 'guess')).toBe(422);
    expect(await signInFrom('127.0.0.41', 'nobody-99@example.com', 'guess')).toBe(429);
  });

  it('counts an account once whichever way it signs in: by app id or by the e-mail it was given', async () => {
    const created = await api.post('/auth/signup-by-app-id', {
      app_id: 'twofold-device',
      password: 'twofold-secret',
      password_repeat: 'twofold-secret',
    });
    const { token } = created.body.data as { token: string };
    expect((await api.post('/user/update-user', { email: 'twofold@example.com' }, { token })).status).toBe(
      200,
    );
    const byAppId = (password: string) =>
      postFrom('127.0.0.42', '/auth/login-by-app-id', { app_id: 'twofold-device', password });
    for (let i = 0; i < 3; i++)
      expect(await signInFrom('127.0.0.42', 'twofold@example.com', `no-${i}`)).toBe(422);
    for (let i = 0; i < 2; i++) expect(await byAppId(`nor-${i}`)).toBe(422);
    expect(await byAppId('twofold-secret')).toBe(429);
    expect(await signInFrom('127.0.0.42', 'twofold@example.com', 'twofold-secret')).toBe(429);
  });
});

it('never answered with a 500', () => {
  expect(server.errors).toEqual([]);
});
