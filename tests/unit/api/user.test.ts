import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import { fetchUser, toSession, toUser, WireSessionSchema, WireUserSchema } from '../../../src/api/user';

vi.mock('../../../src/platform/timezone', () => ({ guessTimezone: () => 'America/Lima' }));

const wireUser = {
  id: 7,
  email: 'learner@example.com',
  app_id: null,
  name: 'Ada',
  last_name: 'Lovelace',
  avatar: null,
  avatar_file_id: null,
  phone: '+15551234567',
  city: 'London',
  gender: 'F',
  birthday: '10.12.1990',
  instagram_id: null,
  timezone: 'Europe/London',
  locale: 'en',
  language_code: 'es-ES',
  disable_notification: 1,
  is_require_update_password: 0,
  is_require_update_profile: 1,
  is_admin: 1,
  status: 10,
  created_at: 1767225600,
  user_external_auths: [
    { id: 3, source: 'google' },
    { id: 4, source: 'myspace' },
  ],
  statistics: { viewed_hours: 5, scores_amount: 240 },
};

describe('user converter', () => {
  it('turns the server form into the client entity', () => {
    const user = toUser(v.parse(WireUserSchema, wireUser));
    expect(user).toMatchObject({
      id: 7,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'learner@example.com',
      phone: '+15551234567',
      gender: 'F',
      birthday: '10.12.1990',
      instagramId: '',
      languageCode: 'es',
      disableNotification: true,
      requiredUpdatePassword: false,
      requiredUpdateProfile: true,
      isAdmin: true,
      status: 10,
      userExternalAuths: [{ id: 3, source: 'google' }],
    });
  });

  it('says whether a password is set, one being set when the server does not say', () => {
    expect(toUser(v.parse(WireUserSchema, { ...wireUser, has_password: 0 })).hasPassword).toBe(false);
    expect(toUser(v.parse(WireUserSchema, { ...wireUser, has_password: 1 })).hasPassword).toBe(true);
    expect(toUser(v.parse(WireUserSchema, wireUser)).hasPassword).toBe(true);
  });

  it('fills missing counters with 0 and keeps the ones sent', () => {
    const user = toUser(v.parse(WireUserSchema, wireUser));
    expect(user.counters.viewedHours).toBe(5);
    expect(user.counters.scoresAmount).toBe(240);
    expect(user.counters.completedCourses).toBe(0);
  });

  it('maps language codes ru-RU and en-US, and unknown ones to the default', () => {
    const ru = toUser(v.parse(WireUserSchema, { ...wireUser, language_code: 'ru-RU' }));
    const en = toUser(v.parse(WireUserSchema, { ...wireUser, language_code: 'en-US' }));
    const unknown = toUser(v.parse(WireUserSchema, { ...wireUser, language_code: 'de-DE', locale: null }));
    expect([ru.languageCode, en.languageCode, unknown.languageCode]).toEqual(['ru', 'en', 'ru']);
  });

  it("keeps the server's time zone, or takes the browser's guess when the server has none", () => {
    expect(toUser(v.parse(WireUserSchema, wireUser)).timezone).toBe('Europe/London');
    for (const timezone of [null, undefined, ''])
      expect(toUser(v.parse(WireUserSchema, { ...wireUser, timezone })).timezone).toBe('America/Lima');
  });

  it('rejects a user without an id', () => {
    const { id: _id, ...withoutId } = wireUser;
    expect(v.safeParse(WireUserSchema, withoutId).success).toBe(false);
  });

  it('converts a sign-in answer into token and user', () => {
    const session = toSession(v.parse(WireSessionSchema, { token: 'abc', user: wireUser }));
    expect(session.token).toBe('abc');
    expect(session.user.firstName).toBe('Ada');
  });
});

describe('the user at start', () => {
  /** Answers GET /user with `zone` and POST /user with the body's zone, or refuses the POST. */
  function apiStandIn(zone: string | null, store: 'answers' | 'refuses') {
    const calls: { method: string; body?: unknown; token?: string }[] = [];
    const api = {
      request: async (schema: v.GenericSchema, _path: string, options: Record<string, unknown> = {}) => {
        const method = (options.method as string | undefined) ?? 'GET';
        calls.push({ method, body: options.body, token: options.token as string | undefined });
        if (method === 'POST' && store === 'refuses') throw new Error('offline');
        const timezone = method === 'POST' ? (options.body as { timezone: string }).timezone : zone;
        return { data: v.parse(schema, { ...wireUser, timezone }), headers: new Headers() };
      },
    } as unknown as ApiClient;
    return { api, calls };
  }

  it("stores the browser's guess for an account that keeps no zone, with the token being checked", async () => {
    const { api, calls } = apiStandIn(null, 'answers');
    expect((await fetchUser(api, 'restored-token')).timezone).toBe('America/Lima');
    expect(calls).toEqual([
      { method: 'GET', body: undefined, token: 'restored-token' },
      { method: 'POST', body: { timezone: 'America/Lima' }, token: 'restored-token' },
    ]);
  });

  it('leaves a kept zone alone, and uses the guess when it cannot be stored', async () => {
    const kept = apiStandIn('Europe/London', 'answers');
    expect((await fetchUser(kept.api)).timezone).toBe('Europe/London');
    expect(kept.calls.map((call) => call.method)).toEqual(['GET']);
    const refused = apiStandIn('', 'refuses');
    expect((await fetchUser(refused.api)).timezone).toBe('America/Lima');
    expect(refused.calls.map((call) => call.method)).toEqual(['GET', 'POST']);
  });
});
