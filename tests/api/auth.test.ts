import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/seed/index';
import { serverForFile } from './harness';

const { server, api } = serverForFile();

const userCount = async () => (await server.db.select({ id: users.id }).from(users)).length;
const { learner } = DEMO_ACCOUNTS;

describe('POST /auth/login', () => {
  it('signs in with the right password and answers a token and the user', async () => {
    const result = await api.post('/auth/login', {
      email: '  Learner@Example.com ',
      password: learner.password,
    });
    expect(result.status).toBe(200);
    expect(result.body.success).toBe(true);
    expect(result.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.body.data.user).toMatchObject({
      email: learner.email,
      name: 'Ada',
      last_name: 'Lovelace',
      status: 10,
      is_admin: 0,
      user_external_auths: [],
    });
    expect(typeof result.body.data.user.created_at).toBe('number');
    expect(result.body.data.user).not.toHaveProperty('password_hash');
    expect(result.body.data.user).not.toHaveProperty('statistics');
    const me = await api.get('/user', { token: result.body.data.token });
    expect(me.body.data.email).toBe(learner.email);
  });

  it('stores only a hash of the token', async () => {
    const token = await api.login(learner.email, learner.password);
    const stored = await server.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((s) => s.hash)).not.toContain(token);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.hash))).toBe(true);
  });

  it('refuses a wrong password or an unknown account with the same 422 under password', async () => {
    for (const body of [
      { email: learner.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: learner.password },
    ]) {
      const result = await api.post('/auth/login', body);
      expect(result.status).toBe(422);
      expect(result.body).toEqual({
        success: false,
        message: 'Please check the highlighted fields.',
        errors: { password: ['Incorrect e-mail or password.'] },
      });
    }
  });

  it('refuses missing and malformed fields with 422 under the field', async () => {
    const missing = await api.post('/auth/login', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
    const invalid = await api.post('/auth/login', { email: 'learner-at-example.com', password: 'x' });
    expect(invalid.body.errors.email).toEqual(['Enter a valid e-mail address.']);
    const types = await api.post('/auth/login', { email: ['a'], password: 12345678 });
    expect(types.body.errors).toEqual({ email: ['Must be text.'], password: ['Must be text.'] });
  });
});

describe('POST /auth/signup-by-email', () => {
  const form = (email: string, extra: Record<string, unknown> = {}) => ({
    username: email,
    email,
    password: 'a-good-password',
    password_repeat: 'a-good-password',
    timezone: 'Europe/Madrid',
    ...extra,
  });

  it('creates the account, answers 201 with a token, and the new password signs in', async () => {
    const result = await api.post('/auth/signup-by-email?lang=es', form('New.Person@Example.com'));
    expect(result.status).toBe(201);
    expect(result.body.data.user).toMatchObject({
      email: 'new.person@example.com',
      timezone: 'Europe/Madrid',
      locale: 'es',
      language_code: 'es-ES',
      status: 10,
    });
    const me = await api.get('/user', { token: result.body.data.token });
    expect(me.body.data.id).toBe(result.body.data.user.id);
    await api.login('new.person@example.com', 'a-good-password');
  });

  it('takes a time zone that shows nothing as none', async () => {
    const result = await api.post(
      '/auth/signup-by-email',
      form('no-zone@example.com', { timezone: ' \u200b' }),
    );
    expect(result.status).toBe(201);
    expect(result.body.data.user.timezone).toBeNull();
  });

  it('takes a repeat typed composed where the password was decomposed: one password (Unicode NFC)', async () => {
    const created = await api.post(
      '/auth/signup-by-email',
      form('nfc@example.com', { password: 'pa\u0308sswort-1', password_repeat: 'p\u00e4sswort-1' }),
    );
    expect(created.status).toBe(201);
    const signedIn = await api.post('/auth/login', { email: 'nfc@example.com', password: 'p\u00e4sswort-1' });
    expect(signedIn.status).toBe(200);
  });

  it('refuses a taken address, bad passwords and a mismatching repeat without creating anyone', async () => {
    const before = await userCount();
    const taken = await api.post('/auth/signup-by-email', form('LEARNER@example.com'));
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['This e-mail is already registered.'] });

    const short = await api.post(
      '/auth/signup-by-email',
      form('short@example.com', { password: 'short', password_repeat: 'short' }),
    );
    expect(short.body.errors).toEqual({ password: ['The password must be 8 to 128 characters long.'] });
    const long = 'x'.repeat(129);
    const tooLong = await api.post(
      '/auth/signup-by-email',
      form('long@example.com', { password: long, password_repeat: long }),
    );
    expect(tooLong.body.errors).toEqual({ password: ['The password must be 8 to 128 characters long.'] });
    // Blank, however long: the app could never sign in with it.
    const blank = ' \u00a0'.repeat(5);
    const blankPassword = await api.post(
      '/auth/signup-by-email',
      form('blank@example.com', { password: blank, password_repeat: blank }),
    );
    expect(blankPassword.body.errors).toEqual({ password: ['This field is required.'] });

    const mismatch = await api.post(
      '/auth/signup-by-email?lang=ru',
      form('mismatch@example.com', { password_repeat: 'another-password' }),
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password_repeat: ['Пароли не совпадают.'] });

    const otherName = await api.post(
      '/auth/signup-by-email',
      form('named@example.com', { username: 'someone-else@example.com' }),
    );
    expect(otherName.body.errors).toEqual({ username: ['The username must be the e-mail.'] });

    const zone = await api.post(
      '/auth/signup-by-email',
      form('zone@example.com', { timezone: 'Mars/Olympus' }),
    );
    expect(zone.body.errors).toEqual({ timezone: ['Unknown time zone.'] });

    // Every mistake of one form comes in one answer, not one per submission.
    const several = await api.post(
      '/auth/signup-by-email',
      form('several@example.com', {
        username: 'someone-else@example.com',
        password_repeat: 'another-password',
        timezone: 'Mars/Olympus',
      }),
    );
    expect(several.body.errors).toEqual({
      username: ['The username must be the e-mail.'],
      password_repeat: ['The passwords do not match.'],
      timezone: ['Unknown time zone.'],
    });
    const allWrong = await api.post(
      '/auth/signup-by-email?lang=es',
      form('bad-mail', { username: 'x', password: 'short', password_repeat: 'other' }),
    );
    expect(allWrong.body.errors).toEqual({
      email: ['Introduce un correo electrónico válido.'],
      username: ['El nombre de usuario debe ser el correo electrónico.'],
      password: ['La contraseña debe tener entre 8 y 128 caracteres.'],
      password_repeat: ['Las contraseñas no coinciden.'],
    });
    // A field of the wrong type leaves the form untyped, and the passwords are still compared.
    const wrongTypes = await api.post(
      '/auth/signup-by-email',
      form('types@example.com', { password_repeat: 'another-password', status: 99, timezone: 5 }),
    );
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual(['password_repeat', 'status', 'timezone']);

    const missing = await api.post('/auth/signup-by-email', {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'password', 'password_repeat']);
    // Fields left out do not hide the username's mistake: it is listed with theirs.
    const partial = await api.post('/auth/signup-by-email?lang=ru', { username: 'x', email: 'bad' });
    expect(partial.body.errors).toEqual({
      email: ['Введите корректный e-mail.'],
      username: ['Имя пользователя должно совпадать с e-mail.'],
      password: ['Заполните это поле.'],
      password_repeat: ['Заполните это поле.'],
    });
    // The username is the e-mail as typed, in any case and with spaces around, even when the
    // e-mail itself is wrong: only the e-mail is then listed.
    const sameAsWrongMail = await api.post('/auth/signup-by-email', {
      username: ' Bad-Mail ',
      email: 'bad-mail',
    });
    expect(Object.keys(sameAsWrongMail.body.errors).sort()).toEqual(['email', 'password', 'password_repeat']);
    expect(await userCount()).toBe(before);
  });

  it('answers 403 on a brand with registration off', async () => {
    const before = await userCount();
    const result = await api.post('/auth/signup-by-email', form('kite@example.com'), { appId: 'kite-web' });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ success: false, message: 'Регистрация на этом сайте закрыта.' });
    expect(await userCount()).toBe(before);
  });

  it('refuses a sign-up by app id on the brand without registration, creating nothing', async () => {
    const before = await userCount();
    const result = await api.post(
      '/auth/signup-by-app-id',
      { app_id: 'kite-device', password: 'device-secret', password_repeat: 'device-secret' },
      { appId: 'kite-web' },
    );
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ success: false, message: 'Регистрация на этом сайте закрыта.' });
    expect(await userCount()).toBe(before);
  });
});

describe('app-id accounts', () => {
  it('signs up by app id, then signs in by it', async () => {
    const created = await api.post('/auth/signup-by-app-id', {
      app_id: 'device-1234',
      password: 'device-secret',
      password_repeat: 'device-secret',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.user).toMatchObject({ app_id: 'device-1234', email: null });

    const login = await api.post('/auth/login-by-app-id', {
      app_id: 'device-1234',
      password: 'device-secret',
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.id).toBe(created.body.data.user.id);

    const wrong = await api.post('/auth/login-by-app-id', {
      app_id: 'device-1234',
      password: 'not-the-secret',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ password: ['Incorrect app id or password.'] });
  });

  it('refuses a taken app id and bad input', async () => {
    const before = await userCount();
    const taken = await api.post('/auth/signup-by-app-id', {
      app_id: 'device-1234',
      password: 'device-secret',
      password_repeat: 'device-secret',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ app_id: ['This app id is already registered.'] });
    const bad = await api.post('/auth/signup-by-app-id', { app_id: 'has spaces', password: 1 });
    expect(bad.body.errors).toEqual({
      app_id: ['Enter a valid app id.'],
      password: ['Must be text.'],
      password_repeat: ['This field is required.'],
    });
    const missing = await api.post('/auth/login-by-app-id', {});
    expect(missing.body.errors).toEqual({
      app_id: ['This field is required.'],
      password: ['This field is required.'],
    });
    expect(await userCount()).toBe(before);
  });
});

describe('POST /auth/validate-signup-form', () => {
  it('answers empty lists for a free address and error lists for taken or invalid ones', async () => {
    const free = await api.post('/auth/validate-signup-form', { email: 'free@example.com' });
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ success: true, data: { 'signupform-email': [], 'signupform-app_id': [] } });

    const taken = await api.post('/auth/validate-signup-form?lang=ru', { email: learner.email });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({
      success: false,
      data: { 'signupform-email': ['Этот e-mail уже зарегистрирован.'], 'signupform-app_id': [] },
    });

    // Addresses that simpler patterns turn away: an apostrophe, an internationalised domain.
    for (const email of ["O'Brien@example.ie", 'user@xn--bcher-kva.de']) {
      const fine = await api.post('/auth/validate-signup-form', { email });
      expect(fine.body.data, email).toEqual({ 'signupform-email': [], 'signupform-app_id': [] });
    }

    const invalid = await api.post('/auth/validate-signup-form', { email: 'nope' });
    expect(invalid.body.data['signupform-email']).toEqual(['Enter a valid e-mail address.']);
    // A local part of 64 characters at most (RFC 5321): no mail could reach a longer one.
    const longest = await api.post('/auth/validate-signup-form', { email: `${'l'.repeat(64)}@example.com` });
    expect(longest.body.data['signupform-email']).toEqual([]);
    const tooLong = await api.post('/auth/validate-signup-form', { email: `${'l'.repeat(65)}@example.com` });
    expect(tooLong.body.data['signupform-email']).toEqual(['Enter a valid e-mail address.']);
    const typed = await api.post('/auth/validate-signup-form', { email: 5 });
    expect(typed.body.data['signupform-email']).toEqual(['Must be text.']);

    const appId = await api.post('/auth/validate-signup-form', { app_id: 'device-1234' });
    expect(appId.body.data['signupform-app_id']).toEqual(['This app id is already registered.']);
  });

  it('answers 422 when there is nothing to check', async () => {
    const empty = await api.post('/auth/validate-signup-form?lang=es', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ email: ['Envía un correo electrónico o un app id.'] });
  });

  it('answers 400 to a malformed body', async () => {
    const result = await api.call('POST', '/auth/validate-signup-form', {
      raw: '{"email":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(result.status).toBe(400);
  });

  it('tells nothing where sign-up is closed: whether an account exists is for the sign-up form only', async () => {
    const closed = await api.post(
      '/auth/validate-signup-form?lang=en',
      { email: learner.email },
      { appId: 'kite-web' },
    );
    expect(closed.status).toBe(403);
    expect(closed.body).toEqual({ success: false, message: 'Registration is closed on this site.' });
  });

  // Last: it uses up this client address's allowance for the rest of the file.
  it('answers 429 with Retry-After once a client address made 30 checks in 10 minutes', async () => {
    let answer = await api.post('/auth/validate-signup-form', { email: 'someone@example.com' });
    for (let sent = 1; answer.status === 200 && sent <= 30; sent++) {
      answer = await api.post('/auth/validate-signup-form', { email: `someone-${sent}@example.com` });
    }
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(9 * 60);
    const russian = await api.post('/auth/validate-signup-form?lang=ru', { email: learner.email });
    expect(russian.status).toBe(429);
    expect(russian.body).toEqual({
      success: false,
      message: 'Слишком много попыток. Повторите через 10 мин.',
    });
  });
});

describe('POST /auth/logout', () => {
  it('revokes only this session', async () => {
    const first = await api.login(learner.email, learner.password);
    const second = await api.login(learner.email, learner.password);
    const result = await api.post('/auth/logout', undefined, { token: first });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, data: {} });
    expect((await api.get('/user', { token: first })).status).toBe(401);
    expect((await api.post('/auth/logout', undefined, { token: first })).status).toBe(401);
    expect((await api.get('/user', { token: second })).status).toBe(200);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await api.post('/auth/logout')).status).toBe(401);
    const unknown = await api.post('/auth/logout', undefined, { token: 'not-a-real-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      success: false,
      message: 'Your session has ended. Please sign in again.',
    });
  });
});

describe('deleted accounts', () => {
  it('cannot sign in any more', async () => {
    const { token, id } = await api.signUp('leaving');
    expect((await api.delete('/user', { token })).status).toBe(200);
    const login = await api.post('/auth/login', {
      email: 'leaving@example.com',
      password: 'leaving-password',
    });
    expect(login.status).toBe(422);
    expect(login.body.errors.password).toEqual(['Incorrect e-mail or password.']);
    const [row] = await server.db.select().from(users).where(eq(users.id, id));
    expect(row?.status).toBe(0);
  });
});

it('never answered with a 500', () => {
  expect(server.errors).toEqual([]);
});
