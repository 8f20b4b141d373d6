import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../../server/db/schema';
import type { AppEnv } from '../../../server/http/context';
import { ApiError } from '../../../server/http/errors';
import { createPasswords } from '../../../server/infra/passwords';
import { createLoginLimits } from '../../../server/infra/rate-limit';
import { checkPassword, signInAccountOf } from '../../../server/modules/auth/attempts';
import { TEST_ARGON2 } from '../../api/harness';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
const passwords = createPasswords(TEST_ARGON2);

const learner = async (): Promise<UserRow> => ({
  id: 7,
  email: 'learner@example.com',
  appId: null,
  passwordHash: await passwords.hash('right-password'),
  name: null,
  lastName: null,
  avatar: null,
  avatarFileId: null,
  phone: null,
  city: null,
  gender: null,
  birthday: null,
  instagramId: null,
  timezone: null,
  locale: 'en',
  languageCode: 'en-US',
  disableNotification: 0,
  isRequireUpdatePassword: 0,
  isRequireUpdateProfile: 0,
  isAdmin: 0,
  status: 10,
  createdAt: new Date(),
});

/** One change of the password through a real request context; answers the status it would send. */
function changeWith(user: UserRow, loginLimits: ReturnType<typeof createLoginLimits>) {
  const app = new Hono<AppEnv>().post('/', async (c) => {
    await checkPassword(
      c,
      { loginLimits, passwords },
      {
        account: signInAccountOf(user),
        user,
        password: await c.req.text(),
        field: 'current_password',
        wrong: 'wrongCurrentPassword',
      },
    );
    return c.text('checked');
  });
  app.onError((error, c) => c.text(error.message, error instanceof ApiError ? error.status : 500));
  return async (password: string) => (await app.request('/', { method: 'POST', body: password })).status;
}

describe('checkPassword', () => {
  // The limits read the clock when they are made: made under the fake clock, they follow it.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses the right password as well once the account is locked, until the window has passed', async () => {
    const user = await learner();
    const change = changeWith(user, createLoginLimits());
    for (let i = 0; i < 5; i++) expect(await change(`wrong-${i}`)).toBe(422);
    expect(await change('right-password')).toBe(429);

    vi.setSystemTime(Date.now() + FIFTEEN_MINUTES_MS - 1000);
    expect(await change('right-password')).toBe(429);
    vi.setSystemTime(Date.now() + 1000);
    expect(await change('right-password')).toBe(200);
  });

  it('refuses every password for an account without one, counting each like a wrong one', async () => {
    const user = { ...(await learner()), passwordHash: null };
    const change = changeWith(user, createLoginLimits());
    for (const password of ['right-password', '', 'null']) expect(await change(password)).toBe(422);
    for (let i = 0; i < 2; i++) expect(await change(`guess-${i}`)).toBe(422);
    expect(await change('right-password')).toBe(429);
  });

  it('counts an account without an e-mail or app id on its own', async () => {
    const user = { ...(await learner()), email: null };
    expect(signInAccountOf(user)).toBe('user:7');
    expect(signInAccountOf({ ...user, appId: 'tablet-1' })).toBe('app:tablet-1');
    expect(signInAccountOf({ ...user, email: 'a@example.com', appId: 'tablet-1' })).toBe(
      'email:a@example.com',
    );
  });
});
