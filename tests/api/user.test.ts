import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/seed/index';
import { apiClient } from './client';
import { serverForFile } from './harness';

const { server, api } = serverForFile();

const row = async (id: number) => {
  const [found] = await server.db.select().from(users).where(eq(users.id, id));
  if (!found) throw new Error(`user ${id} is gone`);
  return found;
};

describe('GET /user', () => {
  it('answers the signed-in user, with statistics on request', async () => {
    const token = await api.login(DEMO_ACCOUNTS.learner.email, DEMO_ACCOUNTS.learner.password);
    const plain = await api.get('/user', { token });
    expect(plain.status).toBe(200);
    expect(plain.body.data).not.toHaveProperty('statistics');
    const expanded = await api.get('/user?expand=statistics', { token });
    expect(expanded.body.data.statistics).toEqual({
      viewed_hours: 0,
      completed_courses: 0,
      completed_tasks: 0,
      // The demo seed has the learner part-way through the demo course (tests/api/user-counters.test.ts counts them).
      viewed_lessons: 7,
      referral_orders: 0,
      cashback: 0,
      discount_for_referral: 0,
      link_jumps: 0,
      scores_amount: 200,
    });
  });

  it('says with has_password that accounts made by e-mail or app id have a password', async () => {
    const byEmail = await api.signUp('has-password');
    expect((await api.get('/user', { token: byEmail.token })).body.data.has_password).toBe(1);
    const byAppId = await api.post('/auth/signup-by-app-id', {
      app_id: 'has-password-device',
      password: 'device-secret',
      password_repeat: 'device-secret',
    });
    expect(byAppId.body.data.user.has_password).toBe(1);
  });

  it('answers 401 without a token, with a bad one, and on /spa/v2 alike', async () => {
    expect((await api.get('/user')).status).toBe(401);
    expect((await api.get('/user', { headers: { Authorization: 'Basic abc' } })).status).toBe(401);
    expect((await apiClient(`${server.url}/spa/v2`).get('/user', { token: 'forged' })).status).toBe(401);
  });
});

describe('POST /user', () => {
  it('updates the given fields and leaves the rest', async () => {
    const { id, token } = await api.signUp('editor');
    const result = await api.post(
      '/user',
      {
        name: ' Marie ',
        last_name: 'Curie',
        city: 'Paris',
        gender: 'F',
        birthday: '07.11.1967',
        instagram_id: 'marie_curie',
        timezone: 'Europe/Paris',
        language_code: 'ru-RU',
      },
      { token },
    );
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      name: 'Marie',
      last_name: 'Curie',
      city: 'Paris',
      gender: 'F',
      birthday: '07.11.1967',
      instagram_id: 'marie_curie',
      timezone: 'Europe/Paris',
      language_code: 'ru-RU',
      locale: 'ru',
      phone: null,
    });
    const cleared = await api.post('/user', { city: null, instagram_id: '' }, { token });
    expect(cleared.body.data).toMatchObject({ city: null, instagram_id: null, name: 'Marie' });
    expect((await row(id)).city).toBeNull();
  });

  it('clears an optional text that shows nothing, as an empty one', async () => {
    const { id, token } = await api.signUp('invisible-city');
    await api.post('/user', { city: 'Paris' }, { token });
    const cleared = await api.post('/user', { city: ' \u200b\u2060\u3164 ' }, { token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.city).toBeNull();
    expect((await row(id)).city).toBeNull();
  });

  it('clears gender, birthday and time zone with text that shows nothing', async () => {
    const { id, token } = await api.signUp('invisible-choices');
    const set = { gender: 'F', birthday: '01.02.1990', timezone: 'Europe/Madrid' };
    expect((await api.post('/user', set, { token })).status).toBe(200);
    const cleared = await api.post(
      '/user',
      { gender: '\u3164', birthday: '\u200b', timezone: ' ' },
      { token },
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ gender: null, birthday: null, timezone: null });
    expect(await row(id)).toMatchObject({ gender: null, birthday: null, timezone: null });
    // Anything visible is still checked.
    const wrong = await api.post('/user', { gender: 'X', timezone: 'Mars/Olympus' }, { token });
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['gender', 'timezone']);
  });

  it('counts names in characters: 64 emoji fit the 64-character limit', async () => {
    const { id, token } = await api.signUp('emoji-name');
    const name = '\u{1f600}'.repeat(64);
    const result = await api.post('/user', { name, last_name: 'e\u0301' }, { token });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ name, last_name: 'e\u0301' });
    // As PostgreSQL measures it.
    const [stored] = await server.db
      .select({ length: sql<number>`char_length(${users.name})` })
      .from(users)
      .where(eq(users.id, id));
    expect(stored?.length).toBe(64);
  });

  it('clears is_require_update_profile once name, last name and phone are set', async () => {
    const token = await api.login(DEMO_ACCOUNTS.profile.email, DEMO_ACCOUNTS.profile.password);
    const partial = await api.post('/user', { last_name: 'Dijkstra' }, { token });
    expect(partial.body.data.is_require_update_profile).toBe(1);
    const done = await api.post('/user', { phone: '+31 20 555 0100' }, { token });
    expect(done.body.data.is_require_update_profile).toBe(0);
  });

  it('refuses invalid fields with localized 422 and changes nothing', async () => {
    const { id, token } = await api.signUp('careless-editor');
    await api.post('/user', { name: 'Before', city: 'Old town' }, { token });
    const before = await row(id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: 'call me' }, 'phone', 'Неверный формат номера телефона'],
      [{ birthday: '1990-12-10' }, 'birthday', 'Неверный формат даты'],
      [{ birthday: '31.02.1990' }, 'birthday', 'Несуществующая дата'],
      [{ birthday: '01.01.2999' }, 'birthday', 'Укажите дату от 01.01.1900 до сегодняшней.'],
      [{ instagram_id: '.dot' }, 'instagram_id', 'Имя пользователя не может начинаться с точки'],
      [{ instagram_id: 'dot.' }, 'instagram_id', 'Имя пользователя не может заканчиваться точкой'],
      [{ instagram_id: 'a..b' }, 'instagram_id', 'Нельзя ставить несколько точек подряд'],
      [{ instagram_id: 'имя' }, 'instagram_id', 'Только английские буквы'],
      [{ instagram_id: 'Your.Username' }, 'instagram_id', 'Имя пользователя Instagram совпадает с примером'],
      [{ gender: 'X' }, 'gender', 'Выберите M или F.'],
      [{ timezone: 'Nowhere/City' }, 'timezone', 'Неизвестный часовой пояс.'],
      [{ language_code: 'de-DE' }, 'language_code', 'Выберите en-US, ru-RU или es-ES.'],
      [{ name: '' }, 'name', 'Заполните это поле.'],
      // Characters that show nothing make no name: zero-width space, word joiner, soft hyphen, BOM,
      // Hangul fillers, a lone combining mark.
      [{ name: '\u200b' }, 'name', 'Заполните это поле.'],
      [{ name: '\u2060\u00ad\ufeff' }, 'name', 'Заполните это поле.'],
      [{ name: '\u3164' }, 'name', 'Заполните это поле.'],
      [{ name: '\u115f\u1160\uffa0' }, 'name', 'Заполните это поле.'],
      [{ last_name: '\u0301' }, 'last_name', 'Заполните это поле.'],
      [{ name: 'x'.repeat(65) }, 'name', 'Не больше 64 символов.'],
      [{ name: '\u{1f600}'.repeat(65) }, 'name', 'Не больше 64 символов.'],
      [{ city: 12 }, 'city', 'Должно быть текстом.'],
    ];
    for (const [body, field, message] of cases) {
      // A valid field next to the bad one must not be saved either.
      const result = await api.post('/user?lang=ru', { ...body, name: body.name ?? 'Changed' }, { token });
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await row(id)).toEqual(before);
  });

  it('refuses invisible, unassigned and private-use characters in one-line texts, keeping emoji', async () => {
    const { id, token } = await api.signUp('hidden-characters');
    await api.post('/user', { name: 'Before', last_name: 'Name', city: 'Old town' }, { token });
    const before = await row(id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A\u200bda' }, 'name'],
      [{ name: '\ufeffAda' }, 'name'],
      [{ last_name: 'Lovelace\u{E0041}' }, 'last_name'],
      [{ last_name: 'Love\uffff' }, 'last_name'],
      [{ name: 'Ada\ufdd0' }, 'name'],
      [{ name: 'Ada\ue000' }, 'name'],
      [{ name: 'Ada\u{F0000}' }, 'name'],
      [{ name: 'Ada\u0378' }, 'name'],
      [{ name: 'Lo\u00advelace' }, 'name'],
      [{ name: 'A\u200dda' }, 'name'],
      [{ name: 'Ada \u{1F468}\u200d' }, 'name'],
      [{ city: 'Par\u2060is' }, 'city'],
    ];
    for (const [body, field] of cases) {
      const result = await api.post('/user', { name: 'Changed', ...body }, { token });
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.errors, JSON.stringify(body)).toEqual({
        [field]: ['Must not contain invisible characters or characters that have no meaning yet.'],
      });
    }
    const russian = await api.post('/user?lang=ru', { name: 'A\u200bda' }, { token });
    expect(russian.body.errors).toEqual({
      name: ['Не должно содержать невидимых символов или символов, у которых пока нет значения.'],
    });
    const spanish = await api.post('/user?lang=es', { last_name: 'B\ufeff' }, { token });
    expect(spanish.body.errors).toEqual({
      last_name: ['No debe contener caracteres invisibles ni caracteres que aún no tienen significado.'],
    });
    // A visitor's name on the support form shares the rule.
    const question = await api.post('/tech-questions/anonymous', {
      email: 'visitor@example.com',
      name: 'Vi\u200bsitor',
      message: 'Hello',
    });
    expect(question.status).toBe(422);
    expect(Object.keys(question.body.errors)).toEqual(['name']);
    expect(await row(id)).toEqual(before);

    // Emoji keep their joiners and variation selectors, and a flag its tags.
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    const emoji = {
      name: 'Ada \u{1F468}\u200d\u{1F469}\u200d\u{1F467}',
      last_name: `\u{1F3F3}\ufe0f\u200d\u{1F308} ${scotland}`,
      city: 'Zoë\u0301 \u{1F469}\u{1F3FD}\u200d\u{1F4BB}',
    };
    const saved = await api.post('/user', emoji, { token });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject(emoji);
    // Text of nothing but such characters is still no text: missing where required, cleared where optional.
    const blank = await api.post('/user', { name: '\u200b\ufeff', city: '\u2060' }, { token });
    expect(blank.body.errors).toEqual({ name: ['This field is required.'] });
    const cleared = await api.post('/user', { city: '\u200b\uffff' }, { token });
    expect(cleared.body.data.city).toBeNull();
  });

  it('bounds a phone as typed: its length, single separators and one bracketed group', async () => {
    const { id, token } = await api.signUp('phone-grouping');
    await api.post('/user', { phone: '+15550001111' }, { token });
    const before = await row(id);
    const dashes = `+1${'-'.repeat(200)}234567`;
    const cases: [string, string, string][] = [
      [dashes, 'en', 'The phone number is too long: at most 32 characters.'],
      [dashes, 'ru', 'Номер телефона слишком длинный: не больше 32 символов.'],
      [dashes, 'es', 'El número de teléfono es demasiado largo: 32 caracteres como máximo.'],
      ['+1 (((555))) 1234567', 'ru', 'Неверный формат номера телефона'],
      ['+1 (5(55)) 1234567', 'en', 'Invalid phone number format.'],
      ['(555)(123)4567', 'en', 'Invalid phone number format.'],
      ['+1 (555 1234567', 'en', 'Invalid phone number format.'],
      ['+1 555) 1234567', 'en', 'Invalid phone number format.'],
      ['+1--555-123-4567', 'es', 'Formato de número de teléfono no válido.'],
      ['+1 - 555 123 4567', 'en', 'Invalid phone number format.'],
      ['+1  555 123 4567', 'en', 'Invalid phone number format.'],
    ];
    for (const [phone, lang, message] of cases) {
      const result = await api.post(`/user?lang=${lang}`, { phone, name: 'Changed' }, { token });
      expect(result.status, phone).toBe(422);
      expect(result.body.errors, phone).toEqual({ phone: [message] });
    }
    expect(await row(id)).toEqual(before);
    for (const [phone, stored] of [
      ['+7 (912) 345-67-89', '+79123456789'],
      ['+7(912)345-67-89', '+79123456789'],
      ['+44 (0) 20 7946 0958', '+4402079460958'],
      ['+1 (2) 3 4 5 6 7 8 9 0 1 2 3 4 5', '+123456789012345'],
    ]) {
      const saved = await api.post('/user', { phone }, { token });
      expect(saved.status, phone).toBe(200);
      expect(saved.body.data.phone).toBe(stored);
    }
  });

  it('words a birthday in another form "Wrong format" in English and Spanish', async () => {
    const { id, token } = await api.signUp('birthday-format');
    const before = await row(id);
    const english = await api.post('/user', { birthday: '1990-12-10' }, { token });
    expect(english.status).toBe(422);
    expect(english.body.errors).toEqual({ birthday: ['Wrong format'] });
    const spanish = await api.post('/user?lang=es', { birthday: '10/12/1990' }, { token });
    expect(spanish.body.errors).toEqual({ birthday: ['Formato incorrecto'] });
    expect(await row(id)).toEqual(before);
  });

  it('stores the time zone as IANA spells it, whatever its case', async () => {
    const { id, token } = await api.signUp('zone-spelling');
    const utc = await api.post('/user', { timezone: 'utc' }, { token });
    expect(utc.status).toBe(200);
    expect(utc.body.data.timezone).toBe('UTC');
    expect((await row(id)).timezone).toBe('UTC');
    const london = await api.post('/user', { timezone: ' europe/london ' }, { token });
    expect(london.body.data.timezone).toBe('Europe/London');
    expect((await row(id)).timezone).toBe('Europe/London');
    // A current name Intl would swap for an older one (Asia/Calcutta) stays as the learner chose it.
    const kolkata = await api.post('/user', { timezone: 'Asia/Kolkata' }, { token });
    expect(kolkata.body.data.timezone).toBe('Asia/Kolkata');
  });

  it('refuses a language the brand does not offer, naming the ones it does, and changes nothing', async () => {
    const { id, token } = await api.signUp('kite-language');
    // The test server listens on 127.0.0.1, the host of the Kite brand, which speaks Russian and English.
    const onKite = { token, appId: null };
    await api.post('/user', { language_code: 'ru-RU' }, onKite);
    const before = await row(id);
    const spanish = await api.post('/user', { language_code: 'es-ES', name: 'Changed' }, onKite);
    expect(spanish.status).toBe(422);
    expect(spanish.body.errors).toEqual({
      language_code: ['Этот язык на сайте недоступен: выберите ru-RU, en-US.'],
    });
    const english = await api.post('/user?lang=en', { language_code: 'es-ES' }, onKite);
    expect(english.body.errors).toEqual({
      language_code: ['This site does not offer this language: choose ru-RU, en-US.'],
    });
    expect(await row(id)).toEqual(before);
    const offered = await api.post('/user', { language_code: 'en-US' }, onKite);
    expect(offered.status).toBe(200);
    expect(offered.body.data).toMatchObject({ language_code: 'en-US', locale: 'en' });
    // The default brand offers Spanish.
    const elsewhere = await api.post('/user', { language_code: 'es-ES' }, { token });
    expect(elsewhere.body.data).toMatchObject({ language_code: 'es-ES', locale: 'es' });
  });
});

describe('POST /user/update-password', () => {
  it('needs the right current password and valid new ones, changing nothing otherwise', async () => {
    const { id, token, password } = await api.signUp('password-changer');
    const before = await row(id);
    const missing = await api.post(
      '/user/update-password',
      { password: 'new-password', password_repeat: 'new-password' },
      { token },
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ current_password: ['This field is required.'] });
    const wrong = await api.post(
      '/user/update-password',
      { current_password: 'not-it-at-all', password: 'new-password', password_repeat: 'new-password' },
      { token },
    );
    expect(wrong.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const mismatch = await api.post(
      '/user/update-password?lang=ru',
      { current_password: password, password: 'new-password', password_repeat: 'other-password' },
      { token },
    );
    expect(mismatch.body.errors).toEqual({ password_repeat: ['Новые пароли не совпадают'] });
    const short = await api.post(
      '/user/update-password',
      { current_password: password, password: 'short', password_repeat: 'short' },
      { token },
    );
    expect(short.body.errors).toEqual({ password: ['The password must be 8 to 128 characters long.'] });
    const unchanged = await api.post(
      '/user/update-password?lang=es',
      { current_password: password, password, password_repeat: password },
      { token },
    );
    expect(unchanged.status).toBe(422);
    expect(unchanged.body.errors).toEqual({
      password: ['La nueva contraseña debe ser distinta de la actual.'],
    });
    expect(await row(id)).toEqual(before);
    expect((await api.get('/user', { token })).status).toBe(200);
  });

  it('lists every wrong field in one answer, a missing current password with the rest', async () => {
    const { id, token, password } = await api.signUp('password-form');
    const before = await row(id);
    const empty = await api.post('/user/update-password?lang=ru', {}, { token });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      current_password: ['Заполните это поле.'],
      password: ['Заполните это поле.'],
      password_repeat: ['Заполните это поле.'],
    });
    const emptyCurrent = await api.post(
      '/user/update-password',
      { current_password: '', password: 'short', password_repeat: 'other' },
      { token },
    );
    expect(emptyCurrent.body.errors).toEqual({
      current_password: ['This field is required.'],
      password: ['The password must be 8 to 128 characters long.'],
      password_repeat: ['The new passwords do not match.'],
    });
    const notText = await api.post(
      '/user/update-password?lang=es',
      { current_password: 42, password: 'new-password' },
      { token },
    );
    expect(notText.body.errors).toEqual({
      current_password: ['Debe ser texto.'],
      password_repeat: ['Este campo es obligatorio.'],
    });
    // A current password that is there is checked against the account once the form is right: a
    // wrong one beside a form's mistake is not looked at (nor counted as a failed attempt).
    const wrongBesideMistake = await api.post(
      '/user/update-password',
      { current_password: 'not-it-at-all', password: 'new-password', password_repeat: 'other-password' },
      { token },
    );
    expect(wrongBesideMistake.body.errors).toEqual({ password_repeat: ['The new passwords do not match.'] });
    expect(await row(id)).toEqual(before);
    const changed = await api.post(
      '/user/update-password',
      { current_password: password, password: 'new-password', password_repeat: 'new-password' },
      { token },
    );
    expect(changed.status).toBe(200);

    // Where none is needed (the registration chat's password step), none is listed.
    const signedUp = await api.post('/auth/signup-by-email', {
      username: 'chat-password-form@example.com',
      email: 'chat-password-form@example.com',
      password: 'a-chat-password',
      password_repeat: 'a-chat-password',
      status: 20,
    });
    const atChatStep = await api.post('/user/update-password', {}, { token: signedUp.body.data.token });
    expect(atChatStep.status).toBe(422);
    expect(atChatStep.body.errors).toEqual({
      password: ['This field is required.'],
      password_repeat: ['This field is required.'],
    });
  });

  it('limits wrong current passwords as the sign-in does, refusing the right one too while it holds', async () => {
    const { id, email, token, password } = await api.signUp('password-guesser');
    const before = await row(id);
    const change = (current: string, lang = 'en') =>
      api.post(
        `/user/update-password?lang=${lang}`,
        { current_password: current, password: 'guessed-password', password_repeat: 'guessed-password' },
        { token },
      );
    for (let i = 0; i < 5; i++) expect((await change(`wrong-${i}-password`)).status).toBe(422);
    const limited = await change('wrong-again', 'ru');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.body).toEqual({
      success: false,
      message: 'Слишком много попыток. Повторите через 15 мин.',
    });
    const right = await change(password, 'es');
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Demasiados intentos. Inténtalo de nuevo en 15 min.');
    // One count per account: the guesses through the session hold the account's sign-in too.
    expect((await api.post('/auth/login', { email, password })).status).toBe(429);
    expect(await row(id)).toEqual(before);
    expect((await api.get('/user', { token })).status).toBe(200);
  });

  it('needs no current password while a change is required, and clears the flag', async () => {
    const token = await api.login(DEMO_ACCOUNTS.newpass.email, DEMO_ACCOUNTS.newpass.password);
    // The password the school gave is no new one: the change stays required.
    const kept = await api.post(
      '/user/update-password',
      { password: DEMO_ACCOUNTS.newpass.password, password_repeat: DEMO_ACCOUNTS.newpass.password },
      { token },
    );
    expect(kept.status).toBe(422);
    expect(kept.body.errors).toEqual({ password: ['The new password must differ from the current one.'] });
    expect((await api.get('/user', { token })).body.data.is_require_update_password).toBe(1);
    const result = await api.post(
      '/user/update-password',
      { password: 'brand-new-pass', password_repeat: 'brand-new-pass' },
      { token },
    );
    expect(result.status).toBe(200);
    expect(result.body.data.user.is_require_update_password).toBe(0);
    expect(result.body.data.token).not.toBe(token);
    await api.login(DEMO_ACCOUNTS.newpass.email, 'brand-new-pass');
  });
});

describe('POST /user/update-user', () => {
  /** An account made by app id: it has no e-mail until this call gives it one. */
  async function appIdAccount(label: string) {
    const password = `${label}-secret`;
    const created = await api.post('/auth/signup-by-app-id', {
      app_id: `${label}-device`,
      password,
      password_repeat: password,
    });
    const { token, user } = created.body.data as { token: string; user: { id: number; email: null } };
    return { token, id: user.id, password };
  }

  it('gives an account made by app id its e-mail, or moves the status', async () => {
    const { token, id } = await appIdAccount('renamer');
    const email = await api.post('/user/update-user', { email: 'Renamed@Example.com' }, { token });
    expect(email.status).toBe(200);
    expect(email.body.data.email).toBe('renamed@example.com');
    // Sent again (a retry after a lost answer), the same address is still fine.
    const again = await api.post('/user/update-user', { email: 'renamed@example.com' }, { token });
    expect(again.status).toBe(200);
    await api.login('renamed@example.com', 'renamer-secret');
    await server.db.update(users).set({ status: 20 }).where(eq(users.id, id));
    const status = await api.post('/user/update-user', { status: 30 }, { token });
    expect(status.body.data.status).toBe(30);
    expect((await row(id)).status).toBe(30);
  });

  it('refuses a taken or invalid e-mail, an unknown status and an empty body', async () => {
    const { token, id } = await appIdAccount('careless-renamer');
    const before = await row(id);
    const taken = await api.post('/user/update-user', { email: DEMO_ACCOUNTS.admin.email }, { token });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual(['This e-mail is already registered.']);
    const invalid = await api.post('/user/update-user', { email: 'nope' }, { token });
    expect(invalid.body.errors.email).toEqual(['Enter a valid e-mail address.']);
    const status = await api.post('/user/update-user', { status: 0 }, { token });
    expect(status.body.errors.status).toEqual(['Unknown status.']);
    const empty = await api.post('/user/update-user', {}, { token });
    expect(empty.body.errors.email).toEqual(['Send an e-mail or a status.']);
    expect(await row(id)).toEqual(before);
  });

  it('never changes an e-mail the account has: a session alone cannot take over the sign-in', async () => {
    const { token, id, email, password } = await api.signUp('kept-address');
    const before = await row(id);
    const changed = await api.post('/user/update-user?lang=ru', { email: 'thief@example.com' }, { token });
    expect(changed.status).toBe(422);
    expect(changed.body.errors.email).toEqual(['У этого аккаунта уже есть e-mail.']);
    expect(await row(id)).toEqual(before);
    await api.login(email, password);
  });
});

describe('POST /user/notification', () => {
  it('sets disable_notification to 0 or 1 and refuses anything else', async () => {
    const { token, id } = await api.signUp('notified');
    const on = await api.post('/user/notification', { disable_notification: 1 }, { token });
    expect(on.body.data.disable_notification).toBe(1);
    for (const value of [2, '1', true, null]) {
      const bad = await api.post('/user/notification', { disable_notification: value }, { token });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.disable_notification).toEqual(['Must be 0 or 1.']);
    }
    expect((await row(id)).disableNotification).toBe(1);
    const off = await api.post('/user/notification', { disable_notification: 0 }, { token });
    expect(off.body.data.disable_notification).toBe(0);
  });
});

describe('DELETE /user', () => {
  it('sets status 0 and ends every session', async () => {
    const { token, id, email, password } = await api.signUp('leaver');
    const other = await api.login(email, password);
    const result = await api.delete('/user', { token });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, data: {} });
    expect((await row(id)).status).toBe(0);
    expect((await api.get('/user', { token: other })).status).toBe(401);
    expect((await api.delete('/user', { token })).status).toBe(401);
  });

  it('frees the e-mail: the address signs up again as a new account, and the old sessions stay dead', async () => {
    const leaver = await api.signUp('returner');
    const other = await api.login(leaver.email, leaver.password);
    expect((await api.delete('/user', { token: leaver.token })).status).toBe(200);
    // The row stays (for what refers to it), with a mark no sign-up can send in place of the address.
    expect(await row(leaver.id)).toMatchObject({ status: 0, email: `deleted#${leaver.id}` });
    const check = await api.post('/auth/validate-signup-form', { email: leaver.email });
    expect(check.body).toEqual({ success: true, data: { 'signupform-email': [], 'signupform-app_id': [] } });

    const again = await api.signUp('returner');
    expect(again.id).not.toBe(leaver.id);
    const signedIn = await api.post('/auth/login', { email: leaver.email, password: leaver.password });
    expect(signedIn.body.data.user).toMatchObject({ id: again.id, status: 10, email: leaver.email });
    for (const token of [leaver.token, other]) expect((await api.get('/user', { token })).status).toBe(401);
    expect((await row(leaver.id)).status).toBe(0);
    expect((await api.get('/user', { token: again.token })).body.data.id).toBe(again.id);
  });

  it('frees the app id: the same app id signs up again as a new account', async () => {
    const body = { app_id: 'returning-device', password: 'device-secret', password_repeat: 'device-secret' };
    const first = await api.post('/auth/signup-by-app-id', body);
    const firstId = first.body.data.user.id as number;
    expect((await api.delete('/user', { token: first.body.data.token })).status).toBe(200);
    expect(await row(firstId)).toMatchObject({ status: 0, email: null, appId: `deleted#${firstId}` });
    const second = await api.post('/auth/signup-by-app-id', body);
    expect(second.status).toBe(201);
    expect(second.body.data.user.id).not.toBe(firstId);
    const signedIn = await api.post('/auth/login-by-app-id', {
      app_id: body.app_id,
      password: body.password,
    });
    expect(signedIn.body.data.user.id).toBe(second.body.data.user.id);
  });
});

describe('one user never reaches another', () => {
  it('each token reads and writes only its own account', async () => {
    const alice = await api.signUp('alice');
    const bob = await api.signUp('bob');
    await api.post('/user', { name: 'Bob' }, { token: bob.token });
    await api.post('/user', { name: 'Alice', id: bob.id, user_id: bob.id }, { token: alice.token });
    expect((await row(bob.id)).name).toBe('Bob');
    expect((await row(alice.id)).name).toBe('Alice');
    const read = await api.get(`/user?id=${bob.id}`, { token: alice.token });
    expect(read.body.data.id).toBe(alice.id);
  });
});

it('every protected call answers 401 without a token', async () => {
  const calls: [string, string][] = [
    ['GET', '/user'],
    ['POST', '/user'],
    ['DELETE', '/user'],
    ['POST', '/user/update-password'],
    ['POST', '/user/update-user'],
    ['POST', '/user/notification'],
    ['POST', '/auth/logout'],
  ];
  for (const [method, path] of calls) {
    const result = await api.call(method, path, { body: method === 'POST' ? {} : undefined });
    expect(result.status, `${method} ${path}`).toBe(401);
    expect(result.body.success).toBe(false);
  }
});

it('never answered with a 500', () => {
  expect(server.errors).toEqual([]);
});
