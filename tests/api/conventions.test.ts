import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiRouteTable } from '../../server/app';
import { users } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/seed/index';
import { type ApiClient, apiClient } from './client';
import { CONTRACT_CALLS } from './contract';
import { serverForFile, startTestServer } from './harness';

const { server, api } = serverForFile();

describe('GET /external-application-config', () => {
  it('answers the config of the brand named by X-App-Id', async () => {
    const web = await api.get('/external-application-config', { appId: 'web' });
    expect(web.status).toBe(200);
    expect(web.body.success).toBe(true);
    expect(web.body.data.config).toMatchObject({
      version: 13,
      daysShowWarning: 3,
      messageDelay: 15,
      demoCourseServiceId: 498,
    });
    expect(web.body.data.config.flags.isRegistrationEnable).toBe(true);

    const kite = await api.get('/external-application-config', { appId: 'kite-web' });
    expect(kite.body.data.config.daysShowWarning).toBe(30);
    expect(kite.body.data.config.flags.isRegistrationEnable).toBe(false);
    expect(kite.body.data.config).not.toHaveProperty('demoCourseServiceId');
  });

  it('falls back to the brand of the host name when X-App-Id is unknown or missing', async () => {
    // The test server listens on 127.0.0.1, the host of the Kite brand.
    const byHost = await api.get('/external-application-config', { appId: null });
    expect(byHost.body.data.config.daysShowWarning).toBe(30);
    const unknown = await api.get('/external-application-config', { appId: 'no-such-app' });
    expect(unknown.body.data.config.daysShowWarning).toBe(30);
  });

  it('serves only the forced brand: X-App-Id cannot open another brand on a one-brand server', async () => {
    const kiteOnly = await startTestServer({ brand: 'kite', seed: false });
    try {
      const asBrightpath = await apiClient(kiteOnly.api).get('/external-application-config', {
        appId: 'web',
      });
      expect(asBrightpath.body.data.config.flags.isRegistrationEnable).toBe(false);
      expect(asBrightpath.body.data.config.daysShowWarning).toBe(30);
    } finally {
      await kiteOnly.close();
    }
  });

  it('is served under /spa/v2 as well', async () => {
    const v2 = apiClient(`${server.url}/spa/v2`);
    const result = await v2.get('/external-application-config');
    expect(result.status).toBe(200);
    expect(result.body.data.config.version).toBe(13);
  });
});

describe('language of messages', () => {
  const unknownRoute = (options: Parameters<ApiClient['get']>[1]) => api.get('/no-such-route', options);

  it('uses the lang query first, then Accept-Language, then the brand default', async () => {
    expect((await api.get('/no-such-route?lang=ru')).body.message).toBe('Не найдено.');
    expect((await api.get('/no-such-route?lang=es')).body.message).toBe('No encontrado.');
    expect((await unknownRoute({ headers: { 'Accept-Language': 'es-ES,es;q=0.9' } })).body.message).toBe(
      'No encontrado.',
    );
    expect((await unknownRoute({ headers: { 'Accept-Language': 'de-DE, ru;q=0.5' } })).body.message).toBe(
      'Не найдено.',
    );
    expect(
      (await api.get('/no-such-route?lang=en', { headers: { 'Accept-Language': 'ru' } })).body.message,
    ).toBe('Not found.');
    // Brightpath speaks English by default; Kite Russian, and it does not offer Spanish.
    expect((await unknownRoute({})).body.message).toBe('Not found.');
    expect((await unknownRoute({ appId: 'kite-web' })).body.message).toBe('Не найдено.');
    expect((await api.get('/no-such-route?lang=es', { appId: 'kite-web' })).body.message).toBe('Не найдено.');
    expect((await api.get('/no-such-route?lang=xx')).body.message).toBe('Not found.');
  });

  it('refuses lang sent twice on every call with 422, speaking as if no lang were sent', async () => {
    const twice = '?lang=es&lang=ru';
    // Neither Spanish nor Russian: Accept-Language decides, else the brand's default (English).
    const inDefault = await api.get(`/external-application-config${twice}`);
    expect(inDefault.status).toBe(422);
    expect(inDefault.body).toEqual({
      success: false,
      message: 'Please check the highlighted fields.',
      errors: { lang: ['Send this parameter once.'] },
    });
    const inAccepted = await api.get(`/external-application-config${twice}`, {
      headers: { 'Accept-Language': 'ru-RU' },
    });
    expect(inAccepted.body).toEqual({
      success: false,
      message: 'Проверьте отмеченные поля.',
      errors: { lang: ['Передайте этот параметр один раз.'] },
    });
    // Every call of the route table, under both bases, with or without a session, whatever it reads.
    for (const route of apiRouteTable()) {
      const path = route.path.replace(/:\w+/g, '1');
      const result = await fetch(`${server.url}${path}${twice}`, {
        method: route.method.toUpperCase(),
        headers: { 'X-App-Id': 'web' },
        redirect: 'manual',
      });
      expect(result.status, `${route.method} ${path}`).toBe(422);
      expect((await result.json()).errors, `${route.method} ${path}`).toEqual({
        lang: ['Send this parameter once.'],
      });
    }
  });

  it('translates field errors too', async () => {
    for (const [lang, text] of [
      ['en', 'Enter a valid e-mail address.'],
      ['ru', 'Введите корректный e-mail.'],
      ['es', 'Introduce un correo electrónico válido.'],
    ] as const) {
      const result = await api.post(`/auth/login?lang=${lang}`, {
        email: 'not-an-address',
        password: 'whatever1',
      });
      expect(result.status).toBe(422);
      expect(result.body.errors.email).toEqual([text]);
    }
  });
});

describe('bad requests', () => {
  it('answers unknown /spa routes with 404 JSON', async () => {
    for (const path of ['/spa/api/v1/nothing-here', '/spa/v2/user/whatever', '/spa/elsewhere']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ success: false, message: 'Не найдено.' });
    }
  });

  it('answers a known path with a wrong method with 405 JSON and Allow', async () => {
    const result = await api.call('PUT', '/auth/login', { body: {} });
    expect(result.status).toBe(405);
    expect(result.headers.get('allow')).toContain('POST');
    expect(result.body).toEqual({ success: false, message: 'This method is not allowed here.' });
  });

  it('answers malformed JSON, a wrong content type and a non-object body with 400', async () => {
    const malformed = await api.call('POST', '/auth/login', {
      raw: '{"email": "learner@example.com",',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, message: 'The request body is not valid JSON.' });

    const form = await api.call('POST', '/auth/login', {
      raw: 'email=learner%40example.com&password=learner-demo',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    expect(form.body.message).toBe('Send the request body as application/json.');

    const list = await api.call('POST', '/auth/login', {
      raw: '[1,2]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(list.status).toBe(400);
    expect(list.body.message).toBe('The request body must be a JSON object.');
  });

  it('answers a body over 64 KiB with 413 JSON in the request language', async () => {
    const big = { email: 'learner@example.com', password: 'x'.repeat(70 * 1024) };
    const result = await api.post('/auth/login?lang=ru', big);
    expect(result.status).toBe(413);
    expect(result.body).toEqual({ success: false, message: 'Слишком большой запрос (не больше 64 КиБ).' });

    // Chunked bodies without Content-Length are counted as they arrive.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(big)));
        controller.close();
      },
    });
    const chunked = await fetch(`${server.api}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Id': 'web' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('answers wrong types and missing fields with 422 per field', async () => {
    const result = await api.post('/auth/login', { email: 42 });
    expect(result.status).toBe(422);
    expect(result.body).toEqual({
      success: false,
      message: 'Please check the highlighted fields.',
      errors: { email: ['Must be text.'], password: ['This field is required.'] },
    });
  });

  it('answers text the database cannot store with 422 and a body that is not UTF-8 with 400', async () => {
    const token = await api.login(DEMO_ACCOUNTS.learner.email, DEMO_ACCOUNTS.learner.password);
    for (const name of ['Ada\u0000', 'Ada\ud800']) {
      const result = await api.post('/user?lang=es', { name }, { token });
      expect(result.status, JSON.stringify(name)).toBe(422);
      expect(result.body.errors).toEqual({ name: ['Contiene caracteres que no se pueden guardar.'] });
    }
    const [before] = await server.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.learner.email));
    for (const city of ['Bell\u0007', 'Esc\u001b[31m', 'Del\u007f', 'C1\u0085']) {
      const result = await api.post('/user?lang=en', { city }, { token });
      expect(result.status, JSON.stringify(city)).toBe(422);
      expect(result.body.errors).toEqual({ city: ['Must not contain control characters.'] });
    }
    // A name or a city is one line, and nothing invisible turns it round (U+202E, U+2066, and the
    // direction marks U+200E, U+200F, U+061C).
    for (const name of [
      'Ann\nEvil',
      'Ann\rEvil',
      'Ann\tEvil',
      'A\u202eB',
      'A\u2066B',
      'A\u2028B',
      'A\u200eB',
      'A\u200fB',
      'A\u061cB',
    ]) {
      const result = await api.post('/user?lang=en', { name, last_name: name }, { token });
      expect(result.status, JSON.stringify(name)).toBe(422);
      expect(result.body.errors).toEqual({
        name: ['Must not contain control characters.'],
        last_name: ['Must not contain control characters.'],
      });
    }
    const question = {
      email: 'visitor@example.com',
      name: 'Visitor',
      message: 'Line one\r\nline two\ttabbed',
    };
    // A message keeps its lines; the name beside it may not have any.
    const twoLines = await api.post('/tech-questions/anonymous', { ...question, name: 'Vis\nitor' });
    expect(twoLines.status).toBe(422);
    expect((await api.post('/tech-questions/anonymous', question)).status).toBe(201);
    const [after] = await server.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.learner.email));
    expect(after?.city).toBe(before?.city);
    const hello = { email: 'visitor@example.com', name: 'Visitor', message: 'Hello' };
    const [head = '', tail = ''] = JSON.stringify(hello).split('Hello');
    const notUtf8 = await fetch(`${server.api}/tech-questions/anonymous`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Id': 'web' },
      body: Buffer.concat([Buffer.from(head), Buffer.from([0xc3, 0x28]), Buffer.from(tail)]),
    });
    expect(notUtf8.status).toBe(400);
    expect(await notUtf8.json()).toEqual({
      success: false,
      message: 'The request body is not valid UTF-8 text.',
    });
    // Declared in another charset, a body is refused before it is read (its bytes are not UTF-8's);
    // UTF-8 however spelled is taken.
    const body = JSON.stringify(hello);
    for (const [charset, status] of [
      ['utf-16', 415],
      ['"latin1"', 415],
      ['UTF-8', 201],
      ['"utf8"', 201],
    ] as const) {
      const answer = await fetch(`${server.api}/tech-questions/anonymous?lang=es`, {
        method: 'POST',
        headers: { 'Content-Type': `application/json; charset=${charset}`, 'X-App-Id': 'web' },
        body: charset === 'utf-16' ? Buffer.from(body, 'utf16le') : body,
      });
      expect(answer.status, charset).toBe(status);
      if (status === 415)
        expect((await answer.json()).message).toBe('Envía el cuerpo de la solicitud como texto UTF-8.');
    }
  });

  it('never answered any of it with a 500', () => {
    expect(server.errors).toEqual([]);
  });
});

describe('lists', () => {
  it('carry pagination headers and follow page and per-page', async () => {
    const token = await api.login(DEMO_ACCOUNTS.learner.email, DEMO_ACCOUNTS.learner.password);
    const first = await api.get('/user-score?per-page=2', { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.headers.get('x-pagination-current-page')).toBe('1');
    expect(first.headers.get('x-pagination-per-page')).toBe('2');
    expect(first.headers.get('x-pagination-total-count')).toBe('3');
    expect(first.headers.get('x-pagination-page-count')).toBe('2');

    const second = await api.get('/user-score?per-page=2&page=2', { token });
    expect(second.body.data).toHaveLength(1);
    expect(second.headers.get('x-pagination-current-page')).toBe('2');

    const defaults = await api.get('/user-score', { token });
    expect(defaults.headers.get('x-pagination-per-page')).toBe('20');

    const refusals = {
      'page=0': { page: ['Must be 1 or more.'] },
      'page=-1': { page: ['Must be 1 or more.'] },
      'page=abc': { page: ['Must be a whole number.'] },
      'page=1.5': { page: ['Must be a whole number.'] },
      'page=1&page=2': { page: ['Send this parameter once.'] },
      'page=1&lang=en&lang=ru': { lang: ['Send this parameter once.'] },
      // A whole number too large for a page is told so, not called something else.
      'page=99999999999999': { page: ['Must be at most 1000000.'] },
      [`page=${'9'.repeat(400)}`]: { page: ['Must be at most 1000000.'] },
      'per-page=1000': { 'per-page': ['Must be at most 100.'] },
    };
    for (const [query, errors] of Object.entries(refusals)) {
      const bad = await api.get(`/user-score?${query}`, { token });
      expect(bad.status, query).toBe(422);
      expect(bad.body.errors, query).toEqual(errors);
    }
    // A parameter the call does not read is ignored, sent twice too, as on a call that reads none.
    const unread = await api.get('/user-score?page=2&per-page=2&foo=1&foo=2', { token });
    expect(unread.status).toBe(200);
    expect(unread.headers.get('x-pagination-current-page')).toBe('2');
  });
});

describe('headers', () => {
  it('carry the secure headers on API answers', async () => {
    const result = await api.get('/external-application-config');
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    expect(result.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(result.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('keep every API answer out of caches, refusals and the session token included', async () => {
    const login = await api.post('/auth/login', DEMO_ACCOUNTS.learner);
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const token = login.body.data.token as string;
    expect((await api.get('/user', { token })).headers.get('cache-control')).toBe('no-store');
    const refused = await api.get('/user', { token: 'not-a-session' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await api.get('/no-such-call')).headers.get('cache-control')).toBe('no-store');
    // The logout stream is a session's own too, whatever server-sent events usually say.
    const events = new AbortController();
    const stream = await fetch(`${server.url}/spa/api/v1/events?token=${token}`, { signal: events.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    events.abort();
  });

  it('let a cache keep the contract’s own pages if it asks again', async () => {
    for (const page of ['/spa/openapi.json', '/spa/docs']) {
      const answer = await fetch(`${server.url}${page}`);
      expect(answer.status, page).toBe(200);
      expect(answer.headers.get('cache-control'), page).toBe('no-cache');
    }
  });

  it('name the bearer scheme on a 401, and keep the media routes’ refusals out of caches too', async () => {
    const refused = await api.get('/user', { token: 'not-a-session' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    const media = await fetch(`${server.url}/media/files/1/cover.jpg`);
    expect(media.status).toBe(401);
    expect(media.headers.get('www-authenticate')).toBe('Bearer');
    expect(media.headers.get('cache-control')).toBe('no-store');
    const token = await api.login(DEMO_ACCOUNTS.learner.email, DEMO_ACCOUNTS.learner.password);
    const missing = await fetch(`${server.url}/media/files/999999/none.pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('www-authenticate')).toBeNull();
  });
});

describe('an unexpected failure', () => {
  it('answers a generic 500 JSON without details and logs the error', async () => {
    const token = await api.login(DEMO_ACCOUNTS.learner.email, DEMO_ACCOUNTS.learner.password);
    const errorsBefore = server.errors.length;
    // Break the database under the server: the banners table disappears.
    await server.db.execute(sql`DROP TABLE banners`);
    const result = await api.get('/banners?lang=es', { token });
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ success: false, message: 'Algo salió mal. Inténtalo más tarde.' });
    expect(JSON.stringify(result.body)).not.toMatch(/banners|stack|at /);
    expect(server.errors.length).toBe(errorsBefore + 1);
    expect(server.errors.at(-1)).toContain('GET /spa/api/v1/banners failed');
  });
});

describe('the contract seen from the app', () => {
  it("names the app's wire schema, or that the app does not make the call, for exactly the route table", () => {
    const calls = new Set(
      apiRouteTable().map((route) => `${route.method.toUpperCase()} ${route.path.slice(route.base.length)}`),
    );
    expect([...calls].filter((call) => !CONTRACT_CALLS.includes(call))).toEqual([]);
    expect(CONTRACT_CALLS.filter((call) => !calls.has(call))).toEqual([]);
  });
});
