import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schedules } from '../../server/db/schema';
import type { Account } from './client';
import { serverForFile } from './harness';

const { server, api } = serverForFile();

const EMPTY = { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] };

const put = (account: Account, body: unknown, lang = 'en') =>
  api.call('PUT', `/schedule/update?lang=${lang}`, { token: account.token, body });

const rowsOf = async (userId: number) =>
  (await server.db.select().from(schedules).where(eq(schedules.userId, userId)))
    .map((row) => `${row.weekday} ${row.minuteOfDay}`)
    .sort();

describe('GET /schedule', () => {
  it('answers every weekday, empty for a learner without reminders', async () => {
    const learner = await api.signUp('schedule-empty');
    const result = await api.get('/schedule', { token: learner.token });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ repeatDays: EMPTY });
  });

  it('answers 401 without a session', async () => {
    expect((await api.get('/schedule')).status).toBe(401);
  });
});

describe('PUT /schedule/update', () => {
  it('replaces the whole schedule and answers it with times sorted', async () => {
    const learner = await api.signUp('schedule-replace');
    const first = await put(learner, { repeatDays: { 1: ['20:00', '08:30'], 6: ['10:15'], 7: ['10:15'] } });
    expect(first.status).toBe(200);
    expect(first.body.data.repeatDays).toEqual({
      ...EMPTY,
      1: ['08:30', '20:00'],
      6: ['10:15'],
      7: ['10:15'],
    });
    expect(await rowsOf(learner.id)).toEqual(['1 1200', '1 510', '6 615', '7 615']);

    // Weekdays left out lose their reminders: the body is the whole schedule.
    const second = await put(learner, { repeatDays: { 3: ['00:00', '23:59'] } });
    expect(second.body.data.repeatDays).toEqual({ ...EMPTY, 3: ['00:00', '23:59'] });
    const read = await api.get('/schedule', { token: learner.token });
    expect(read.body.data.repeatDays).toEqual({ ...EMPTY, 3: ['00:00', '23:59'] });

    const cleared = await put(learner, { repeatDays: {} });
    expect(cleared.body.data.repeatDays).toEqual(EMPTY);
    expect(await rowsOf(learner.id)).toEqual([]);
  });

  it('takes ten times a day', async () => {
    const learner = await api.signUp('schedule-ten');
    const times = Array.from({ length: 10 }, (_, hour) => `${String(hour + 8).padStart(2, '0')}:00`);
    const result = await put(learner, { repeatDays: { 2: times } });
    expect(result.status).toBe(200);
    expect(result.body.data.repeatDays[2]).toEqual(times);
  });

  it.each([
    [
      'a time past the day',
      { 1: ['24:00'] },
      'Use a time from 00:00 to 23:59.',
      'Укажите время от 00:00 до 23:59.',
    ],
    [
      'a time without its leading zero',
      { 1: ['8:30'] },
      'Use a time from 00:00 to 23:59.',
      'Укажите время от 00:00 до 23:59.',
    ],
    [
      'a number for a time',
      { 1: [830] },
      'Use a time from 00:00 to 23:59.',
      'Укажите время от 00:00 до 23:59.',
    ],
    [
      'the same time twice on a day',
      { 5: ['09:00', '09:00'] },
      'The same time is listed twice on one day.',
      'Одно и то же время указано в один день дважды.',
    ],
    [
      'eleven times on a day',
      { 4: Array.from({ length: 11 }, (_, i) => `1${i % 10}:${i < 10 ? '00' : '30'}`) },
      'At most 10 reminders a day.',
      'Не больше 10 напоминаний в день.',
    ],
    [
      'weekday 0',
      { 0: ['09:00'] },
      'Send repeatDays as weekdays 1 (Monday) to 7 (Sunday), each with a list of times.',
      'Передайте repeatDays: дни недели от 1 (понедельник) до 7 (воскресенье), у каждого — список времён.',
    ],
    [
      'weekday 8',
      { 8: ['09:00'] },
      'Send repeatDays as weekdays 1 (Monday) to 7 (Sunday), each with a list of times.',
      'Передайте repeatDays: дни недели от 1 (понедельник) до 7 (воскресенье), у каждого — список времён.',
    ],
    [
      'a time instead of a list',
      { 1: '09:00' },
      'Send repeatDays as weekdays 1 (Monday) to 7 (Sunday), each with a list of times.',
      'Передайте repeatDays: дни недели от 1 (понедельник) до 7 (воскресенье), у каждого — список времён.',
    ],
    // JSON.parse keeps these as own keys; a record check that skipped them would read `{}` and
    // clear the whole schedule.
    [
      'the key __proto__',
      JSON.parse('{"__proto__":["08:00"]}'),
      'Send repeatDays as weekdays 1 (Monday) to 7 (Sunday), each with a list of times.',
      'Передайте repeatDays: дни недели от 1 (понедельник) до 7 (воскресенье), у каждого — список времён.',
    ],
    [
      'the key __proto__ with text',
      JSON.parse('{"__proto__":"garbage"}'),
      'Send repeatDays as weekdays 1 (Monday) to 7 (Sunday), each with a list of times.',
      'Передайте repeatDays: дни недели от 1 (понедельник) до 7 (воскресенье), у каждого — список времён.',
    ],
    [
      'the key constructor beside a weekday',
      { 2: ['09:00'], constructor: ['08:00'] },
      'Send repeatDays as weekdays 1 (Monday) to 7 (Sunday), each with a list of times.',
      'Передайте repeatDays: дни недели от 1 (понедельник) до 7 (воскресенье), у каждого — список времён.',
    ],
    [
      'an empty list instead of weekdays',
      [],
      'Send repeatDays as weekdays 1 (Monday) to 7 (Sunday), each with a list of times.',
      'Передайте repeatDays: дни недели от 1 (понедельник) до 7 (воскресенье), у каждого — список времён.',
    ],
    [
      'a list instead of weekdays',
      ['09:00'],
      'Send repeatDays as weekdays 1 (Monday) to 7 (Sunday), each with a list of times.',
      'Передайте repeatDays: дни недели от 1 (понедельник) до 7 (воскресенье), у каждого — список времён.',
    ],
  ])(
    'refuses %s with 422 in the learner’s language and keeps the schedule',
    async (label, repeatDays, en, ru) => {
      const learner = await api.signUp(`schedule-bad-${label.replaceAll(' ', '-')}`);
      await put(learner, { repeatDays: { 1: ['07:00'] } });
      const english = await put(learner, { repeatDays });
      expect(english.status).toBe(422);
      expect(english.body.errors.repeatDays).toEqual([en]);
      const russian = await put(learner, { repeatDays }, 'ru');
      expect(russian.status).toBe(422);
      expect(russian.body.errors.repeatDays).toEqual([ru]);
      expect(await rowsOf(learner.id)).toEqual(['1 420']);
    },
  );

  it('refuses a body without repeatDays, and malformed JSON', async () => {
    const learner = await api.signUp('schedule-missing');
    const missing = await put(learner, {}, 'es');
    expect(missing.status).toBe(422);
    expect(missing.body.errors.repeatDays).toEqual(['Este campo es obligatorio.']);
    const malformed = await api.call('PUT', '/schedule/update', {
      token: learner.token,
      raw: '{"repeatDays":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });

  it("never reads nor changes another learner's schedule", async () => {
    const owner = await api.signUp('schedule-owner');
    const other = await api.signUp('schedule-other');
    await put(owner, { repeatDays: { 1: ['06:45'] } });
    expect((await api.get('/schedule', { token: other.token })).body.data.repeatDays).toEqual(EMPTY);
    await put(other, { repeatDays: {} });
    expect((await api.get('/schedule', { token: owner.token })).body.data.repeatDays).toEqual({
      ...EMPTY,
      1: ['06:45'],
    });
  });

  it('keeps one whole schedule when two devices replace it at once', async () => {
    const learner = await api.signUp('schedule-race');
    const otherDevice = { ...learner, token: await api.login(learner.email, learner.password) };
    // The two share a time, so mixed rows would also collide on the table's unique slot.
    const morning = { ...EMPTY, 1: ['06:00'], 2: ['06:00'] };
    const evening = { ...EMPTY, 1: ['06:00'], 3: ['21:10'] };
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all([
        put(learner, { repeatDays: morning }),
        put(otherDevice, { repeatDays: evening }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const stored = (await api.get('/schedule', { token: learner.token })).body.data.repeatDays;
      expect([morning, evening]).toContainEqual(stored);
    }
  });

  it('answers 401 without a session and changes nothing', async () => {
    const result = await api.call('PUT', '/schedule/update', { body: { repeatDays: {} } });
    expect(result.status).toBe(401);
  });
});

describe('the schedule on a brand that sends no push (Kite)', () => {
  const onKite = (account: Account, body: unknown, lang: string) =>
    api.call('PUT', `/schedule/update?lang=${lang}`, { token: account.token, body, appId: 'kite-web' });

  it('refuses every change with 403 in the learner’s language, before the body, and changes nothing', async () => {
    const learner = await api.signUp('schedule-kite');
    // Kept from a brand that sends reminders.
    await put(learner, { repeatDays: { 2: ['07:30'] } });
    const cases: [unknown, string, string][] = [
      [{ repeatDays: { 1: ['08:00'] } }, 'en', 'This site does not send reminders.'],
      [{ repeatDays: {} }, 'ru', 'Этот сайт не присылает напоминания.'],
      // The body is not read: a wrong one is refused the same way.
      [{ repeatDays: { 9: 'soon' } }, 'en', 'This site does not send reminders.'],
      [{}, 'ru', 'Этот сайт не присылает напоминания.'],
    ];
    for (const [body, lang, message] of cases) {
      const refused = await onKite(learner, body, lang);
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(refused.body).toEqual({ success: false, message });
    }
    // Kite speaks no Spanish: its default language answers.
    const spanish = await onKite(learner, { repeatDays: {} }, 'es');
    expect(spanish.body.message).toBe('Этот сайт не присылает напоминания.');
    // On /spa/v2 alike, and by the Kite host without X-App-Id (the test server listens on 127.0.0.1).
    const v2 = await fetch(`${server.url}/spa/v2/schedule/update`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${learner.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ repeatDays: {} }),
    });
    expect(v2.status).toBe(403);
    expect(await rowsOf(learner.id)).toEqual(['2 450']);
    // A read changes nothing and stays open: it answers the schedule kept.
    const read = await api.get('/schedule', { token: learner.token, appId: 'kite-web' });
    expect(read.status).toBe(200);
    expect(read.body.data.repeatDays).toEqual({ ...EMPTY, 2: ['07:30'] });
    // Without a session, 401 comes first.
    const anonymous = await api.call('PUT', '/schedule/update', {
      body: { repeatDays: {} },
      appId: 'kite-web',
    });
    expect(anonymous.status).toBe(401);
  });
});
