import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookiePolicies } from '../../server/db/schema';
import { serverForFile } from './harness';

const { server, api } = serverForFile();

const storedPolicies = async () => (await server.db.select({ n: count() }).from(cookiePolicies))[0]?.n ?? 0;

describe('GET /cookie', () => {
  it("answers a guest with the brand's settings: essential on, the rest off until chosen", async () => {
    const answer = await api.get('/cookie');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      isEnabled: true,
      items: [
        { key: 'essential', enabled: true },
        { key: 'analytics', enabled: false },
        { key: 'marketing', enabled: false },
      ],
    });
  });

  it('answers every category allowed where the brand does not ask for consent (kite)', async () => {
    const answer = await api.get('/cookie', { appId: 'kite-web' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      isEnabled: false,
      items: [
        { key: 'essential', enabled: true },
        { key: 'analytics', enabled: true },
        { key: 'marketing', enabled: true },
      ],
    });
  });

  it('answers the same to a signed-in learner, on both bases', async () => {
    const { token } = await api.signUp('cookie-settings');
    const v1 = await api.get('/cookie', { token });
    const v2 = await fetch(`${server.url}/spa/v2/cookie`, { headers: { 'X-App-Id': 'web' } });
    expect(v1.body.data.isEnabled).toBe(true);
    expect(((await v2.json()) as { data: unknown }).data).toEqual(v1.body.data);
  });
});

describe("the learner's cookie policy", () => {
  it('answers 401 without a session, in the asked language, and stores nothing', async () => {
    const before = await storedPolicies();
    const read = await api.get('/cookie/get-policy');
    const save = await api.post('/cookie/update-policy?lang=ru', {
      essential: true,
      analytics: true,
      marketing: false,
    });
    expect(read.status).toBe(401);
    expect(save.status).toBe(401);
    expect(save.body.message).toBe('Сеанс завершён. Войдите снова.');
    expect((await api.post('/cookie/update-policy', {}, { token: 'forged' })).status).toBe(401);
    expect(await storedPolicies()).toBe(before);
  });

  it('is null until chosen, then stores, answers and replaces the choice', async () => {
    const { id, token } = await api.signUp('cookie-chooser');
    expect((await api.get('/cookie/get-policy', { token })).body).toEqual({ success: true, data: null });

    const first = await api.post(
      '/cookie/update-policy',
      { essential: true, analytics: true, marketing: false },
      { token },
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ essential: true, analytics: true, marketing: false });
    expect((await api.get('/cookie/get-policy', { token })).body.data).toEqual(first.body.data);

    const second = await api.post(
      '/cookie/update-policy',
      { essential: true, analytics: false, marketing: true },
      { token },
    );
    expect(second.body.data).toEqual({ essential: true, analytics: false, marketing: true });
    const rows = await server.db.select().from(cookiePolicies).where(eq(cookiePolicies.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ essential: true, analytics: false, marketing: true });
  });

  it("follows the learner to another session and never shows another learner's choice", async () => {
    const owner = await api.signUp('cookie-owner');
    const other = await api.signUp('cookie-other');
    await api.post(
      '/cookie/update-policy',
      { essential: true, analytics: true, marketing: true },
      { token: owner.token },
    );
    const secondDevice = await api.login(owner.email, owner.password);
    expect((await api.get('/cookie/get-policy', { token: secondDevice })).body.data).toEqual({
      essential: true,
      analytics: true,
      marketing: true,
    });
    expect((await api.get('/cookie/get-policy', { token: other.token })).body.data).toBeNull();
    // The session cookie carries the session as well as the bearer header.
    const byCookie = await fetch(`${server.url}/spa/api/v1/cookie/get-policy`, {
      headers: { 'X-App-Id': 'web', Cookie: `auth_token=${other.token}` },
    });
    expect(((await byCookie.json()) as { data: unknown }).data).toBeNull();
  });

  it("refuses anything but booleans, and essential off, with field errors in the learner's language", async () => {
    const { id, token } = await api.signUp('cookie-refused');
    await api.post(
      '/cookie/update-policy',
      { essential: true, analytics: false, marketing: false },
      { token },
    );
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { essential: false, analytics: true, marketing: true },
        { essential: ['Essential cookies cannot be turned off.'] },
      ],
      [
        { essential: true, analytics: 'yes', marketing: 1 },
        { analytics: ['Must be true or false.'], marketing: ['Must be true or false.'] },
      ],
      [{ essential: 'true', analytics: true, marketing: true }, { essential: ['Must be true or false.'] }],
      [
        {},
        {
          essential: ['This field is required.'],
          analytics: ['This field is required.'],
          marketing: ['This field is required.'],
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const answer = await api.post('/cookie/update-policy', body, { token });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors).toEqual(errors);
    }
    const russian = await api.post(
      '/cookie/update-policy?lang=ru',
      { essential: false, analytics: false, marketing: false },
      { token },
    );
    expect(russian.body.errors).toEqual({ essential: ['Обязательные cookie нельзя отключить.'] });
    const spanish = await api.post(
      '/cookie/update-policy?lang=es',
      { essential: false, analytics: false, marketing: false },
      { token },
    );
    expect(spanish.body.errors).toEqual({ essential: ['Las cookies esenciales no se pueden desactivar.'] });
    expect((await api.call('POST', '/cookie/update-policy', { token, raw: '{not json' })).status).toBe(400);
    const [row] = await server.db.select().from(cookiePolicies).where(eq(cookiePolicies.userId, id));
    expect(row).toMatchObject({ essential: true, analytics: false, marketing: false });
  });
});

describe('the cookie policy on a brand that does not ask for consent (Kite)', () => {
  it('refuses a choice with 403 in the learner’s language, before the body, and stores nothing', async () => {
    const { id, token } = await api.signUp('cookie-kite');
    const onKite = { token, appId: 'kite-web' };
    const policy = { essential: true, analytics: false, marketing: false };
    const cases: [unknown, string, string][] = [
      [
        policy,
        'en',
        'This site does not ask for a cookie choice: every category is allowed, and there is nothing to store.',
      ],
      [policy, 'ru', 'Этот сайт не запрашивает выбор cookie: разрешены все категории, сохранять нечего.'],
      // The body is not read: a wrong one is refused the same way.
      [
        { essential: false },
        'ru',
        'Этот сайт не запрашивает выбор cookie: разрешены все категории, сохранять нечего.',
      ],
    ];
    for (const [body, lang, message] of cases) {
      const refused = await api.post(`/cookie/update-policy?lang=${lang}`, body, onKite);
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(refused.body).toEqual({ success: false, message });
    }
    // By the Kite host without X-App-Id too (the test server listens on 127.0.0.1).
    expect((await api.post('/cookie/update-policy', policy, { token, appId: null })).status).toBe(403);
    expect(await server.db.select().from(cookiePolicies).where(eq(cookiePolicies.userId, id))).toEqual([]);
    // The read stays open: nothing is stored, so nothing is answered.
    const read = await api.get('/cookie/get-policy', onKite);
    expect(read.status).toBe(200);
    expect(read.body.data).toBeNull();
    // Without a session, 401 comes first.
    expect((await api.post('/cookie/update-policy', policy, { appId: 'kite-web' })).status).toBe(401);
  });
});
