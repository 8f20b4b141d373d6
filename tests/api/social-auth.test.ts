import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthFlows, userExternalAuths, users } from '../../server/db/schema';
import { hashToken } from '../../server/infra/tokens';
import { DEMO_ACCOUNTS } from '../../server/seed/index';
import { socialErrorText } from '../../src/domain/socialErrors';
import { apiClient } from './client';
import { startTestServer, type TestServer } from './harness';
import { type Browser, createBrowser, formOf, type Hop } from './social-browser';
import { type SocialProviders, startSocialProviders } from './social-providers';

/**
 * Social sign-in, sign-up and linking against real identity providers on 127.0.0.2 (another site
 * than the app on 127.0.0.1): an OIDC provider (Google-style, and Apple-style with form_post and a
 * signed client secret) and a VK-style OAuth 2 server. The browser's part is played step by step.
 */

let providers: SocialProviders;
let server: TestServer;
const api = apiClient(() => server.api);

beforeAll(async () => {
  providers = await startSocialProviders();
  server = await startTestServer({ social: providers.config });
  providers.registerApp(server.url);
});
afterAll(async () => {
  await server?.close();
  await providers?.close();
});

const APP = { brightpath: 'web', kite: 'kite-web' } as const;
const page = (path: string) => `${server.url}/v${path}`;

interface Person {
  subject: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  unverified?: boolean;
  decision?: 'allow' | 'cancel';
}

/** The outcome the app's page gets: the URL the browser lands on and its query. */
interface Landing {
  url: URL;
  query: Record<string, string>;
}

const landing = (hop: Hop): Landing => {
  const url = new URL(hop.location ?? hop.url);
  return { url, query: Object.fromEntries(url.searchParams) };
};

/** The state of the flow a start sent the browser off with, and the flow's row. */
const stateOf = (toProvider: Hop) => new URL(toProvider.location ?? '').searchParams.get('state') ?? '';
const flowOf = async (state: string) =>
  (await server.db.select().from(oauthFlows).where(eq(oauthFlows.state, state)))[0];

const isAppPage = (url: string) => url.startsWith(`${server.url}/v/`);
/** The app's callback: a test that looks at the way back, or carries it to another browser, stops before it. */
const isCallback = (url: string) => url.startsWith(`${server.api}/auth/social/`) && url.includes('/callback');

/**
 * Signs in at the provider's page as `person` and follows the way back until `stop(url)`. Apple's
 * way back ends on a page of its own that posts the answer to the app (see `postedBack`).
 */
async function answerAtProvider(
  browser: Browser,
  toProvider: Hop,
  person: Person,
  stop: (url: string) => boolean,
): Promise<Hop> {
  expect(toProvider.status).toBe(302);
  const signInPage = await browser.follow(toProvider, stop);
  expect(signInPage.status).toBe(200);
  const form = formOf(signInPage.body, signInPage.url);
  form.fields.set('subject', person.subject);
  form.fields.set('email', person.email ?? '');
  form.fields.set('first_name', person.firstName ?? '');
  form.fields.set('last_name', person.lastName ?? '');
  if (person.unverified) form.fields.set('unverified', '1');
  form.fields.set('decision', person.decision ?? 'allow');
  const answer = await browser.request(form.action, { form: form.fields, from: signInPage.url });
  return browser.follow(answer, stop);
}

/** Submits Apple's page that posts the answer to the app (cross-site) in `browser`; any other hop stays. */
async function postedBack(browser: Browser, hop: Hop, stop: (url: string) => boolean): Promise<Hop> {
  if (hop.status !== 200 || !hop.body.includes(`action="${server.url}/`)) return hop;
  const post = formOf(hop.body, hop.url);
  return browser.follow(await browser.request(post.action, { form: post.fields, from: hop.url }), stop);
}

/** The whole way through the provider and back, until `stop(url)`: by default the app's own page. */
async function atProvider(browser: Browser, toProvider: Hop, person: Person, stop = isAppPage): Promise<Hop> {
  return postedBack(browser, await answerAtProvider(browser, toProvider, person, stop), stop);
}

function startLogin(browser: Browser, provider: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ successUrl: page('/?from=success'), cancelUrl: page('/'), ...query });
  return browser.request(`${server.api}/auth/social/${provider}?${params}`);
}

async function signIn(provider: string, person: Person, app: string = APP.brightpath): Promise<Landing> {
  const browser = createBrowser({ 'X-App-Id': app });
  return landing(await atProvider(browser, await startLogin(browser, provider), person));
}

async function exchange(code: string) {
  return api.post('/auth/social/exchange', { code });
}

describe('GET /external-application-config', () => {
  it('offers the providers the brand lists and the server is configured for', async () => {
    const answer = await api.get('/external-application-config');
    expect(answer.body.data.config.socialAuthWeb).toEqual(['google', 'vkontakte', 'facebook', 'apple']);
  });
});

describe('GET /auth/social/{provider}', () => {
  it('sends the browser to the provider with state, PKCE (S256) and a nonce', async () => {
    const hop = await startLogin(createBrowser(), 'google');
    expect(hop.status).toBe(302);
    const target = new URL(hop.location ?? '');
    expect(target.origin).toBe(providers.env.SOCIAL_GOOGLE_ISSUER);
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('redirect_uri')).toBe(
      `${server.url}/spa/api/v1/auth/social/google/callback`,
    );
    const [flow] = await server.db
      .select()
      .from(oauthFlows)
      .where(eq(oauthFlows.state, target.searchParams.get('state') ?? ''));
    expect(flow).toMatchObject({ provider: 'google', mode: 'login', usedAt: null });
    expect(target.searchParams.get('nonce')).toBe(flow?.nonce);
    // The verifier stays on the server; only its hash travels.
    expect(hop.location).not.toContain(flow?.codeVerifier);
  });

  it('answers 404 for a provider the server is not configured for, or an unknown one', async () => {
    for (const provider of ['twitter', 'GOOGLE']) {
      const hop = await startLogin(
        createBrowser({ 'X-App-Id': APP.brightpath, 'Accept-Language': 'es' }),
        provider,
      );
      expect(hop.status).toBe(404);
      expect(JSON.parse(hop.body).message).toBe('El inicio de sesión con esta red no está disponible aquí.');
    }
  });

  it('refuses return addresses on other sites (400) and asks for both (422)', async () => {
    const before = (await server.db.select().from(oauthFlows)).length;
    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const hop = await startLogin(createBrowser({ 'X-App-Id': APP.brightpath }), 'google', {
        successUrl: url,
      });
      expect(hop.status, url).toBe(400);
      expect(JSON.parse(hop.body).message).toBe('The return address must be a page of this site.');
    }
    const missing = await createBrowser().request(`${server.api}/auth/social/google?successUrl=%2F`);
    expect(missing.status).toBe(422);
    expect(Object.keys(JSON.parse(missing.body).errors)).toEqual(['cancelUrl']);
    expect((await server.db.select().from(oauthFlows)).length).toBe(before);
  });

  it('removes flows that ended more than a day ago when a new one starts', async () => {
    const old = {
      provider: 'google',
      mode: 'login',
      codeVerifier: 'v',
      nonce: 'n',
      successUrl: '/',
      cancelUrl: '/',
    };
    await server.db.insert(oauthFlows).values([
      { ...old, state: 'stale-flow', expiresAt: new Date(Date.now() - 25 * 3600 * 1000) },
      { ...old, state: 'recent-flow', expiresAt: new Date(Date.now() - 3600 * 1000) },
    ]);
    expect((await startLogin(createBrowser({ 'X-App-Id': APP.brightpath }), 'google')).status).toBe(302);
    const states = (await server.db.select({ state: oauthFlows.state }).from(oauthFlows)).map((f) => f.state);
    expect(states).not.toContain('stale-flow');
    expect(states).toContain('recent-flow');
  });

  it('takes a relative return address as a page of this site', async () => {
    const browser = createBrowser({ 'X-App-Id': APP.brightpath });
    const hop = await startLogin(browser, 'google', { successUrl: '/v/courses', cancelUrl: '/v/' });
    const back = landing(
      await atProvider(browser, hop, { subject: 'relative-1', email: 'relative-1@example.com' }),
    );
    expect(`${back.url.origin}${back.url.pathname}`).toBe(page('/courses'));
    expect(back.query.status).toBe('success');
  });
});

describe('Google-style sign-in (OIDC)', () => {
  it('signs up a new verified address, links it, and trades the one-time code for a session once', async () => {
    const back = await signIn('google', { subject: 'g-100', email: 'New.Person@Example.com' });
    expect(back.url.pathname).toBe('/v/');
    expect(back.query).toMatchObject({
      from: 'success',
      action: 'login',
      status: 'success',
      network: 'google',
    });
    expect(back.query.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(back.query).not.toHaveProperty('token');

    const session = await exchange(back.query.code ?? '');
    expect(session.status).toBe(200);
    expect(session.body.data.user.email).toBe('new.person@example.com');
    expect(session.body.data.user.user_external_auths).toEqual([
      { id: expect.any(Number), source: 'google' },
    ]);
    const me = await api.get('/user', { token: session.body.data.token });
    expect(me.body.data.user_external_auths).toEqual(session.body.data.user.user_external_auths);

    const again = await exchange(back.query.code ?? '');
    expect(again.status).toBe(422);
    expect(again.body.errors.code).toEqual([
      'This sign-in has expired or was already used. Please sign in again.',
    ]);
  });

  it('fills the new account’s name from the provider, tidied to what the profile keeps', async () => {
    const back = await signIn('google', {
      subject: 'g-150',
      email: 'g150@example.com',
      firstName: ' Ada\u0007 ',
      lastName: 'L'.repeat(70),
    });
    const session = await exchange(back.query.code ?? '');
    expect(session.body.data.user).toMatchObject({ name: 'Ada', last_name: 'L'.repeat(64) });
  });

  it('signs the linked account in again without a second account', async () => {
    const first = await exchange(
      (await signIn('google', { subject: 'g-200', email: 'g200@example.com' })).query.code ?? '',
    );
    const second = await exchange(
      (await signIn('google', { subject: 'g-200', email: 'other@example.com' })).query.code ?? '',
    );
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
    expect(second.body.data.token).not.toBe(first.body.data.token);
  });

  it('never links by e-mail: an address of an existing account answers login_no_link', async () => {
    const { learner } = DEMO_ACCOUNTS;
    const back = await signIn('google', { subject: 'g-300', email: learner.email });
    expect(back.query).toMatchObject({
      action: 'login',
      status: 'fail',
      errorCode: 'login_no_link',
      network: 'google',
    });
    expect(back.query.errorMessage).toBe(socialErrorText('login_no_link', 'en', 'google'));
    expect(
      await server.db.select().from(userExternalAuths).where(eq(userExternalAuths.subject, 'g-300')),
    ).toEqual([]);
  });

  it('writes the outcome in the language the flow started in, whatever the browser says on its return', async () => {
    const { learner } = DEMO_ACCOUNTS;
    const browser = createBrowser({ 'X-App-Id': APP.brightpath, 'Accept-Language': 'ru' });
    const hop = await startLogin(browser, 'google', { lang: 'es' });
    const back = landing(await atProvider(browser, hop, { subject: 'g-310', email: learner.email }));
    expect(back.query.errorCode).toBe('login_no_link');
    expect(back.query.errorMessage).toBe(socialErrorText('login_no_link', 'es', 'google'));
  });

  it('answers login_no_link for an unconfirmed address and where registration is closed', async () => {
    const unverified = await signIn('google', {
      subject: 'g-400',
      email: 'g400@example.com',
      unverified: true,
    });
    expect(unverified.query.errorCode).toBe('login_no_link');
    const closed = await signIn('google', { subject: 'g-401', email: 'g401@example.com' }, APP.kite);
    expect(closed.query.errorCode).toBe('login_no_link');
    // Kite's sign-in page speaks Russian first: the message follows the request's language.
    expect(closed.query.errorMessage).toBe(socialErrorText('login_no_link', 'ru', 'google'));
    expect(await server.db.select().from(users).where(eq(users.email, 'g401@example.com'))).toEqual([]);
  });

  it('answers login_no_user_from_link when the linked account was deleted', async () => {
    const session = await exchange(
      (await signIn('google', { subject: 'g-500', email: 'g500@example.com' })).query.code ?? '',
    );
    await server.db.update(users).set({ status: 0 }).where(eq(users.id, session.body.data.user.id));
    const back = await signIn('google', { subject: 'g-500', email: 'g500@example.com' });
    expect(back.query).toMatchObject({ status: 'fail', errorCode: 'login_no_user_from_link' });
  });

  it('goes to the cancel page with "cancelled" when the person says no at the provider', async () => {
    const back = await signIn('google', { subject: 'g-600', decision: 'cancel' });
    expect(`${back.url.origin}${back.url.pathname}`).toBe(page('/'));
    expect(back.query).toMatchObject({ action: 'login', status: 'fail', errorCode: 'cancelled' });
  });

  it('uses a state once: a replayed answer goes to the sign-in page with flow_expired', async () => {
    const browser = createBrowser({ 'X-App-Id': APP.brightpath });
    const person = { subject: 'g-700', email: 'g700@example.com' };
    const toApp = await atProvider(browser, await startLogin(browser, 'google'), person, isCallback);
    const callback = toApp.location ?? '';
    expect(landing(await browser.request(callback)).query.status).toBe('success');
    const replay = landing(await browser.request(callback));
    expect(`${replay.url.origin}${replay.url.pathname}`).toBe(page('/'));
    expect(replay.query).toMatchObject({ action: 'login', status: 'fail', errorCode: 'flow_expired' });
  });

  it('fails with unknown_error when the PKCE verifier kept for the flow does not match', async () => {
    const browser = createBrowser({ 'X-App-Id': APP.brightpath });
    const toProvider = await startLogin(browser, 'google');
    const state = stateOf(toProvider);
    await server.db
      .update(oauthFlows)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(eq(oauthFlows.state, state));
    const back = landing(
      await atProvider(browser, toProvider, { subject: 'g-800', email: 'g800@example.com' }),
    );
    expect(back.query).toMatchObject({ status: 'fail', errorCode: 'unknown_error' });
    expect(await server.db.select().from(users).where(eq(users.email, 'g800@example.com'))).toEqual([]);
  });
});

describe('Accounts a social sign-up makes', () => {
  const rowOf = async (id: number) => (await server.db.select().from(users).where(eq(users.id, id)))[0];

  it('keep only names the profile itself takes, tidied or left empty', async () => {
    const back = await signIn('google', {
      subject: 'g-1300',
      email: 'g1300@example.com',
      // A direction override, a C1 control, a line break and a direction mark around the name.
      firstName: '\u202eAda\u0085\nMarie\u200f',
      // Only invisible characters: no name at all.
      lastName: '\u200b\u2066 \u2069',
    });
    const { token, user } = (await exchange(back.query.code ?? '')).body.data;
    expect(user).toMatchObject({ name: 'Ada Marie', last_name: null });
    const long = await exchange(
      (
        await signIn('google', {
          subject: 'g-1301',
          email: 'g1301@example.com',
          firstName: `${'A'.repeat(63)} Byron`,
          lastName: '\u0000Lovelace\t',
        })
      ).query.code ?? '',
    );
    // Cut to 64 characters, the space the cut left at the end trimmed.
    expect(long.body.data.user).toMatchObject({ name: 'A'.repeat(63), last_name: 'Lovelace' });
    // What the account holds passes the profile's own validation.
    for (const [session, fields] of [
      [token, { name: user.name }],
      [long.body.data.token, { name: 'A'.repeat(63), last_name: 'Lovelace' }],
    ] as const) {
      const saved = await api.post('/user', fields, { token: session });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject(fields);
    }
  });

  it('keep a provider’s name without the hidden characters a profile refuses, emoji whole', async () => {
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}';
    const back = await signIn('google', {
      subject: 'g-1310',
      email: 'g1310@example.com',
      // A zero-width space, a BOM, a tag character, a noncharacter and a private-use character.
      firstName: `A\u200bda\ufeff\u{E0041} ${family}`,
      lastName: 'Love\uffff\ue000lace',
    });
    const { token, user } = (await exchange(back.query.code ?? '')).body.data;
    expect(user).toMatchObject({ name: `Ada ${family}`, last_name: 'Lovelace' });
    const cut = await exchange(
      (
        await signIn('google', {
          subject: 'g-1311',
          email: 'g1311@example.com',
          // Cut to 64 characters inside the emoji sequence: its joiner with nothing after it goes too.
          firstName: `${'A'.repeat(62)}${family}`,
        })
      ).query.code ?? '',
    );
    expect(cut.body.data.user.name).toBe(`${'A'.repeat(62)}\u{1F468}`);
    const saved = await api.post('/user', { name: user.name, last_name: user.last_name }, { token });
    expect(saved.status).toBe(200);
  });

  it('get the time zone their start named, as IANA spells it; an unknown one is ignored', async () => {
    for (const [subject, timezone, kept] of [
      ['g-1400', 'europe/berlin', 'Europe/Berlin'],
      ['g-1401', 'Mars/Olympus', null],
      ['g-1402', '', null],
    ] as const) {
      const browser = createBrowser({ 'X-App-Id': APP.brightpath });
      const toProvider = await startLogin(browser, 'google', { timezone });
      expect(toProvider.status, subject).toBe(302);
      expect((await flowOf(stateOf(toProvider)))?.timezone, subject).toBe(kept);
      const person = { subject, email: `${subject}@example.com` };
      const back = landing(await atProvider(browser, toProvider, person));
      const session = await exchange(back.query.code ?? '');
      expect(session.body.data.user.timezone, subject).toBe(kept);
    }
    // An account that exists keeps its own time zone.
    const browser = createBrowser({ 'X-App-Id': APP.brightpath });
    const toProvider = await startLogin(browser, 'google', { timezone: 'Asia/Tokyo' });
    const again = landing(
      await atProvider(browser, toProvider, { subject: 'g-1400', email: 'g1400@example.com' }),
    );
    expect((await exchange(again.query.code ?? '')).body.data.user.timezone).toBe('Europe/Berlin');
  });

  it('have no password: none signs in, and the first one is set without a current one', async () => {
    const email = 'g1100@example.com';
    const back = await signIn('google', { subject: 'g-1100', email });
    const { token, user } = (await exchange(back.query.code ?? '')).body.data;
    expect(user.has_password).toBe(0);
    const before = await rowOf(user.id);
    expect(before?.passwordHash).toBeNull();
    const guess = await api.post('/auth/login', { email, password: 'any-password-at-all' });
    expect(guess.status).toBe(422);
    expect(guess.body.errors).toEqual({ password: ['Incorrect e-mail or password.'] });

    const mismatch = await api.post(
      '/user/update-password?lang=ru',
      { password: 'first-password', password_repeat: 'other-password' },
      { token },
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password_repeat: ['Новые пароли не совпадают'] });
    expect(await rowOf(user.id)).toEqual(before);

    const first = await api.post(
      '/user/update-password',
      { password: 'first-password', password_repeat: 'first-password' },
      { token },
    );
    expect(first.status).toBe(200);
    expect(first.body.data.user).toMatchObject({ id: user.id, has_password: 1 });
    await api.login(email, 'first-password');
    // Now there is a password to prove.
    const second = await api.post(
      '/user/update-password',
      { password: 'second-password', password_repeat: 'second-password' },
      { token: first.body.data.token },
    );
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual({ current_password: ['This field is required.'] });
    const viaNetwork = await exchange(
      (await signIn('google', { subject: 'g-1100', email })).query.code ?? '',
    );
    expect(viaNetwork.body.data.user).toMatchObject({ id: user.id, has_password: 1 });
  });

  it('are made only for an address a sign-up by e-mail takes, never for a deleted account’s mark', async () => {
    const leaver = await api.signUp('social-mark');
    await api.delete('/user', { token: leaver.token });
    for (const email of [`deleted#${leaver.id}`, 'no-at-sign.example.com']) {
      const back = await signIn('google', { subject: `g-mark-${email}`, email });
      expect(back.query, email).toMatchObject({ status: 'fail', errorCode: 'login_no_link' });
    }
    expect((await rowOf(leaver.id))?.email).toBe(`deleted#${leaver.id}`);
  });

  it('are deleted with their link: the same network account then signs up as a new account', async () => {
    const person = { subject: 'g-1200', email: 'g1200@example.com' };
    const first = (await exchange((await signIn('google', person)).query.code ?? '')).body.data;
    const other = (await exchange((await signIn('google', person)).query.code ?? '')).body.data.token;
    expect((await api.delete('/user', { token: first.token })).status).toBe(200);
    expect(
      await server.db.select().from(userExternalAuths).where(eq(userExternalAuths.userId, first.user.id)),
    ).toEqual([]);

    const back = await signIn('google', person);
    expect(back.query).toMatchObject({ action: 'login', status: 'success' });
    const second = (await exchange(back.query.code ?? '')).body.data;
    expect(second.user.id).not.toBe(first.user.id);
    expect(second.user).toMatchObject({
      email: person.email,
      status: 10,
      user_external_auths: [{ id: expect.any(Number), source: 'google' }],
    });
    for (const token of [first.token, other]) expect((await api.get('/user', { token })).status).toBe(401);
    expect((await rowOf(first.user.id))?.status).toBe(0);
  });
});

describe('Apple-style sign-in (form_post, signed client secret)', () => {
  it('finds the flow from the cross-site POST and signs up', async () => {
    const browser = createBrowser({ 'X-App-Id': APP.brightpath });
    const toProvider = await startLogin(browser, 'apple');
    const state = stateOf(toProvider);
    expect(new URL(toProvider.location ?? '').searchParams.get('response_mode')).toBe('form_post');
    const posted = await atProvider(
      browser,
      toProvider,
      { subject: 'apple-1', email: 'apple1@example.com', firstName: 'Grace', lastName: 'Hopper' },
      isCallback,
    );
    // The cross-site POST comes without the flow's cookie: a page of the app sends the same answer
    // on to the callback as a GET, which brings it. The POST leaves the flow to that GET.
    expect(posted.status).toBe(200);
    expect(posted.headers.get('content-security-policy')).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(posted.headers.get('cache-control')).toBe('no-store');
    const relayed = new URL(posted.refresh ?? '');
    expect(`${relayed.origin}${relayed.pathname}`).toBe(`${server.api}/auth/social/apple/callback`);
    expect(relayed.searchParams.get('state')).toBe(state);
    expect(relayed.searchParams.get('code')).toEqual(expect.any(String));
    expect((await flowOf(state))?.usedAt).toBeNull();

    const back = landing(await browser.follow(posted, isAppPage));
    expect(back.query).toMatchObject({ action: 'login', status: 'success' });
    const session = await exchange(back.query.code ?? '');
    expect(session.body.data.user.user_external_auths).toEqual([{ id: expect.any(Number), source: 'apple' }]);
    // Apple names the person only in the form of the first authorization (its `user` field).
    expect(session.body.data.user).toMatchObject({ name: 'Grace', last_name: 'Hopper' });
  });

  it('signs in nobody where its posted answer is carried to another browser', async () => {
    const starter = createBrowser({ 'X-App-Id': APP.brightpath });
    const person = { subject: 'apple-2', email: 'apple2@example.com' };
    const applePage = await answerAtProvider(starter, await startLogin(starter, 'apple'), person, isAppPage);
    const elsewhere = landing(await postedBack(createBrowser(), applePage, isAppPage));
    expect(elsewhere.query).toMatchObject({ action: 'login', status: 'fail', errorCode: 'flow_expired' });
    const starterAfter = landing(await postedBack(starter, applePage, isAppPage));
    expect(starterAfter.query).toMatchObject({ status: 'fail', errorCode: 'flow_expired' });
    expect(await server.db.select().from(users).where(eq(users.email, person.email))).toEqual([]);
  });
});

describe('A flow belongs to the browser that started it', () => {
  const CALLBACK_PATH = '/spa/api/v1/auth/social/google/callback';

  it('gives the browser a cookie for the callback only; the flow keeps just its hash', async () => {
    for (const base of [server.api, `${server.url}/spa/v2`]) {
      const params = new URLSearchParams({ successUrl: page('/'), cancelUrl: page('/') });
      const hop = await createBrowser().request(`${base}/auth/social/google?${params}`);
      const [cookie = '', ...more] = hop.headers.getSetCookie();
      expect(more).toEqual([]);
      const [pair = '', ...attributes] = cookie.split('; ');
      const [name, value = ''] = pair.split('=');
      expect(name).toBe('social_flow');
      expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Under /spa/api/v1 whichever base started the flow: the providers know the callback there.
      expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=600', `Path=${CALLBACK_PATH}`, 'SameSite=Lax']);
      expect((await flowOf(stateOf(hop)))?.browserHash).toBe(hashToken(value));
    }
  });

  it('lists a network still linked that the site no longer offers, until it is unlinked', async () => {
    const retired = await startTestServer({});
    try {
      const client = apiClient(() => retired.api);
      const owner = await client.signUp('retired-link');
      const [link] = await retired.db
        .insert(userExternalAuths)
        .values({ userId: owner.id, source: 'google', subject: 'g-retired' })
        .returning({ id: userExternalAuths.id });
      const listed = await client.get('/user-external-auth', { token: owner.token });
      expect(listed.body.data).toEqual([{ name: 'google', linked: true, id: link?.id, offered: false }]);
      expect((await client.delete(`/user-external-auths/${link?.id}`, { token: owner.token })).status).toBe(
        200,
      );
      expect((await client.get('/user-external-auth', { token: owner.token })).body.data).toEqual([]);
    } finally {
      await retired.close();
    }
  });

  it('marks the cookie Secure where the site is served over https', async () => {
    const behindProxy = await startTestServer({
      social: providers.config,
      publicUrl: 'https://learn.example.org/',
    });
    try {
      const params = new URLSearchParams({ successUrl: '/v/', cancelUrl: '/v/' });
      const hop = await createBrowser().request(`${behindProxy.api}/auth/social/google?${params}`);
      expect(hop.status).toBe(302);
      expect(hop.headers.getSetCookie()[0]?.split('; ')).toContain('Secure');
    } finally {
      await behindProxy.close();
    }
  });

  it('signs in with the cookie of its start, and clears the cookie', async () => {
    const browser = createBrowser({ 'X-App-Id': APP.brightpath });
    const person = { subject: 'g-900', email: 'g900@example.com' };
    const toApp = await atProvider(browser, await startLogin(browser, 'google'), person, isCallback);
    const callback = await browser.request(toApp.location ?? '');
    expect(landing(callback).query).toMatchObject({ action: 'login', status: 'success' });
    expect(callback.headers.getSetCookie()).toEqual([
      expect.stringMatching(new RegExp(`^social_flow=; Max-Age=0; Path=${CALLBACK_PATH}(;|$)`)),
    ]);
  });

  it('signs in no other browser: its callback opened elsewhere ends the flow', async () => {
    // One browser without any cookie, one holding the cookie of a Google flow of its own.
    const withOwnFlow = createBrowser({ 'X-App-Id': APP.brightpath });
    await startLogin(withOwnFlow, 'google');
    for (const [other, subject] of [
      [createBrowser(), 'g-910'],
      [withOwnFlow, 'g-911'],
    ] as const) {
      const starter = createBrowser({ 'X-App-Id': APP.brightpath });
      const toProvider = await startLogin(starter, 'google');
      const person = { subject, email: `${subject}@example.com` };
      const callback = (await atProvider(starter, toProvider, person, isCallback)).location ?? '';
      const elsewhere = landing(await other.request(callback));
      expect(`${elsewhere.url.origin}${elsewhere.url.pathname}`, subject).toBe(page('/'));
      expect(elsewhere.query, subject).toMatchObject({
        action: 'login',
        status: 'fail',
        errorCode: 'flow_expired',
      });
      // Still single use: the browser that started it cannot finish it afterwards.
      expect(landing(await starter.request(callback)).query.errorCode, subject).toBe('flow_expired');
      expect(await flowOf(stateOf(toProvider))).toMatchObject({
        usedAt: expect.any(Date),
        exchangeCodeHash: null,
      });
      expect(await server.db.select().from(users).where(eq(users.email, person.email))).toEqual([]);
    }
  });
});

describe('Facebook-style sign-in (OAuth 2, the account as `id`)', () => {
  it('signs up through the user-info call and signs the same account in again', async () => {
    const first = await signIn('facebook', {
      subject: '10203040',
      email: 'fb@example.com',
      firstName: 'Linus',
      lastName: '',
    });
    expect(first.query).toMatchObject({ action: 'login', status: 'success' });
    const session = await exchange(first.query.code ?? '');
    expect(session.body.data.user).toMatchObject({ name: 'Linus', last_name: null });
    expect(session.body.data.user.user_external_auths).toEqual([
      { id: expect.any(Number), source: 'facebook' },
    ]);
    const again = await exchange(
      (await signIn('facebook', { subject: '10203040', email: 'fb@example.com' })).query.code ?? '',
    );
    expect(again.body.data.user.id).toBe(session.body.data.user.id);
  });
});

describe('VK-style linking (OAuth 2) and unlinking', () => {
  async function startLink(browser: Browser, provider: string, token: string | undefined) {
    const params = new URLSearchParams({
      successUrl: page('/user/social-networks'),
      cancelUrl: page('/user/social-networks'),
      ...(token ? { token } : {}),
    });
    return browser.request(`${server.api}/auth/social/${provider}/link?${params}`);
  }

  async function link(token: string, subject: string): Promise<Landing> {
    const browser = createBrowser({ 'X-App-Id': APP.brightpath });
    return landing(
      await atProvider(browser, await startLink(browser, 'vkontakte', token), {
        subject,
        email: `${subject}@vk.example`,
      }),
    );
  }

  it('lists the networks, links VK, signs in with it, and unlinks it', async () => {
    const owner = await api.signUp('vk-owner');
    const before = await api.get('/user-external-auth', { token: owner.token });
    expect(before.body.data).toEqual([
      { name: 'google', linked: false, offered: true },
      { name: 'vkontakte', linked: false, offered: true },
      { name: 'facebook', linked: false, offered: true },
      { name: 'apple', linked: false, offered: true },
    ]);

    const back = await link(owner.token, '5001');
    expect(back.url.pathname).toBe('/v/user/social-networks');
    expect(back.query).toEqual({ action: 'link', status: 'success', network: 'vkontakte' });
    const after = await api.get('/user-external-auth', { token: owner.token });
    const vk = after.body.data.find((n: { name: string }) => n.name === 'vkontakte');
    expect(vk).toEqual({ name: 'vkontakte', linked: true, id: expect.any(Number), offered: true });
    expect((await api.get('/user', { token: owner.token })).body.data.user_external_auths).toEqual([
      { id: vk.id, source: 'vkontakte' },
    ]);

    const viaVk = await signIn('vkontakte', { subject: '5001', email: 'someone@vk.example' });
    expect((await exchange(viaVk.query.code ?? '')).body.data.user.id).toBe(owner.id);

    const removed = await api.delete(`/user-external-auths/${vk.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect((await api.get('/user-external-auth', { token: owner.token })).body.data).toEqual(
      before.body.data,
    );
    expect((await api.delete(`/user-external-auths/${vk.id}`, { token: owner.token })).status).toBe(404);
  });

  it('keeps the last link of an account without a password: it could not sign in without it', async () => {
    const email = 'g-only@example.com';
    const { token } = (
      await exchange((await signIn('google', { subject: 'g-only', email })).query.code ?? '')
    ).body.data;
    const linkOf = async (name: string): Promise<number> =>
      (await api.get('/user-external-auth', { token })).body.data.find(
        (n: { name: string }) => n.name === name,
      )?.id;
    const google = await linkOf('google');
    const refused = await api.delete(`/user-external-auths/${google}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This network is the only way to sign in to your account. Set a password first, then you can unlink it.',
    );
    expect((await api.delete(`/user-external-auths/${google}?lang=ru`, { token })).body.message).toBe(
      'Эта сеть — единственный способ войти в ваш аккаунт. Сначала задайте пароль, затем её можно будет отвязать.',
    );
    expect((await api.delete(`/user-external-auths/${google}?lang=es`, { token })).body.message).toBe(
      'Esta red es la única forma de iniciar sesión en tu cuenta. Primero establece una contraseña y luego podrás desvincularla.',
    );
    const still = await signIn('google', { subject: 'g-only', email });
    expect(still.query).toMatchObject({ action: 'login', status: 'success' });

    // With a second network either may go, but not both.
    expect((await link(token, 'vk-only')).query.status).toBe('success');
    const vk = await linkOf('vkontakte');
    expect((await api.delete(`/user-external-auths/${google}`, { token })).status).toBe(200);
    expect((await api.delete(`/user-external-auths/${vk}`, { token })).status).toBe(409);

    // A password is another way in: the last link may go then.
    const password = await api.post(
      '/user/update-password',
      { password: 'first-password', password_repeat: 'first-password' },
      { token },
    );
    expect(password.status).toBe(200);
    const withPassword = password.body.data.token;
    expect((await api.delete(`/user-external-auths/${vk}`, { token: withPassword })).status).toBe(200);
    expect((await api.get('/user', { token: withPassword })).body.data.user_external_auths).toEqual([]);
  });

  it('refuses a VK account another user has linked, and a link without a live session', async () => {
    const first = await api.signUp('vk-first');
    const second = await api.signUp('vk-second');
    expect((await link(first.token, '6001')).query.status).toBe('success');
    const taken = await link(second.token, '6001');
    expect(taken.query).toMatchObject({
      action: 'link',
      status: 'fail',
      errorCode: 'link_social_id_already_taken',
    });
    expect(taken.query.errorMessage).toBe(socialErrorText('link_social_id_already_taken', 'en', 'vkontakte'));

    const browser = createBrowser({ 'X-App-Id': APP.brightpath });
    for (const token of [undefined, 'not-a-session']) {
      const hop = landing(await startLink(browser, 'vkontakte', token));
      expect(hop.query).toMatchObject({
        action: 'link',
        status: 'fail',
        errorCode: 'link_user_unauthorised',
      });
    }
  });

  it("answers 404 for another user's link and leaves it", async () => {
    const owner = await api.signUp('vk-keeper');
    const other = await api.signUp('vk-stranger');
    await link(owner.token, '7001');
    const [row] = await server.db
      .select()
      .from(userExternalAuths)
      .where(eq(userExternalAuths.subject, '7001'));
    const refused = await api.delete(`/user-external-auths/${row?.id}`, { token: other.token });
    expect(refused.status).toBe(404);
    expect((await api.delete(`/user-external-auths/${row?.id}`)).status).toBe(401);
    expect((await api.delete('/user-external-auths/0', { token: owner.token })).status).toBe(422);
    expect(
      await server.db.select().from(userExternalAuths).where(eq(userExternalAuths.subject, '7001')),
    ).toHaveLength(1);
    expect((await api.get('/user-external-auth')).status).toBe(401);
  });

  it('links nothing when the provider is answered in another browser than the one that started it', async () => {
    const owner = await api.signUp('vk-elsewhere');
    const toProvider = await startLink(
      createBrowser({ 'X-App-Id': APP.brightpath }),
      'vkontakte',
      owner.token,
    );
    // Someone else opens the address at the provider and allows access with their own account.
    const other = createBrowser({ 'X-App-Id': APP.brightpath });
    const back = landing(await atProvider(other, toProvider, { subject: '8501', email: '8501@vk.example' }));
    expect(back.url.pathname).toBe('/v/');
    expect(back.query).toMatchObject({ action: 'login', status: 'fail', errorCode: 'flow_expired' });
    expect(
      await server.db.select().from(userExternalAuths).where(eq(userExternalAuths.userId, owner.id)),
    ).toEqual([]);
  });

  it('says "cancelled" when the person does not allow access', async () => {
    const owner = await api.signUp('vk-cancel');
    const browser = createBrowser({ 'X-App-Id': APP.brightpath });
    const back = landing(
      await atProvider(browser, await startLink(browser, 'vkontakte', owner.token), {
        subject: '8001',
        decision: 'cancel',
      }),
    );
    expect(back.query).toMatchObject({ action: 'link', status: 'fail', errorCode: 'cancelled' });
  });
});
