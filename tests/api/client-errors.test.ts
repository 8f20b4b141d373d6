import { count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientErrors } from '../../server/db/schema';
import { clientErrorsReport } from '../../server/modules/client-errors/report';
import { serverForFile } from './harness';

const { server, api } = serverForFile();

const report = {
  name: 'TypeError',
  message: "Cannot read properties of undefined (reading 'id')",
  stack: 'TypeError: Cannot read properties of undefined\n\tat CalendarScreen (calendar.js:10:5)',
  href: 'http://localhost/v/calendar',
};

const newest = async () => {
  const [row] = await server.db.select().from(clientErrors).orderBy(desc(clientErrors.id)).limit(1);
  if (!row) throw new Error('no client error stored');
  return row;
};
const stored = async () => (await server.db.select({ n: count() }).from(clientErrors))[0]?.n ?? 0;

describe('POST /client-errors', () => {
  it('stores an anonymous report with brand and user agent', async () => {
    const result = await api.post(
      '/client-errors',
      { ...report, extra: 'ignored' },
      {
        headers: { 'User-Agent': 'TestBrowser/1.0' },
      },
    );
    expect(result.status).toBe(201);
    expect(result.body).toEqual({ success: true, data: { id: expect.any(Number) } });
    const row = await newest();
    expect(row).toMatchObject({
      id: result.body.data.id,
      userId: null,
      brandId: 'brightpath',
      name: report.name,
      message: report.message,
      stack: report.stack,
      href: report.href,
      userAgent: 'TestBrowser/1.0',
    });
  });

  it("stores the session's user from the bearer token or the session cookie, on both bases", async () => {
    const { id, token } = await api.signUp('reporter');
    expect((await api.post('/client-errors', report, { token })).status).toBe(201);
    expect((await newest()).userId).toBe(id);
    const byCookie = await fetch(`${server.url}/spa/v2/client-errors`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Id': 'web', Cookie: `auth_token=${token}` },
      body: JSON.stringify(report),
    });
    expect(byCookie.status).toBe(201);
    expect((await newest()).userId).toBe(id);
  });

  it('treats a forged or ended session as anonymous', async () => {
    const { token } = await api.signUp('signed-out-reporter');
    await api.post('/auth/logout', undefined, { token });
    for (const given of [token, 'forged']) {
      expect((await api.post('/client-errors', report, { token: given })).status).toBe(201);
      expect((await newest()).userId).toBeNull();
    }
  });

  it('refuses bad input with localized field errors and stores nothing', async () => {
    const before = await stored();
    const cases: [unknown, Record<string, string[]>][] = [
      [
        {},
        {
          name: ['This field is required.'],
          message: ['This field is required.'],
          href: ['This field is required.'],
        },
      ],
      [{ ...report, name: '' }, { name: ['This field is required.'] }],
      [
        { ...report, name: ' \u200b', message: '\n\t' },
        { name: ['This field is required.'], message: ['This field is required.'] },
      ],
      [{ ...report, name: 'x'.repeat(201) }, { name: ['Must be at most 200 characters.'] }],
      [{ ...report, message: 'x'.repeat(2001) }, { message: ['Must be at most 2000 characters.'] }],
      [{ ...report, stack: 'x'.repeat(8001) }, { stack: ['Must be at most 8000 characters.'] }],
      [{ ...report, href: 42 }, { href: ['Must be text.'] }],
      [{ ...report, message: 'escape\u001b[31m' }, { message: ['Must not contain control characters.'] }],
      [{ ...report, name: 'bell\u0007' }, { name: ['Must not contain control characters.'] }],
    ];
    for (const [body, errors] of cases) {
      const result = await api.post('/client-errors', body);
      expect(result.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(result.body.errors).toEqual(errors);
    }
    const russian = await api.post('/client-errors?lang=ru', { ...report, href: '' });
    expect(russian.body.errors).toEqual({ href: ['Заполните это поле.'] });
    expect((await api.call('POST', '/client-errors', { raw: '{not json' })).status).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('takes a stack of null as none', async () => {
    expect((await api.post('/client-errors', { ...report, stack: null })).status).toBe(201);
    expect((await newest()).stack).toBeNull();
  });

  it('keeps tabs and newlines in the message and stack; the command line shows them escaped', async () => {
    const multiline = { ...report, message: 'line one\n\tline two' };
    expect((await api.post('/client-errors', multiline)).status).toBe(201);
    expect((await newest()).message).toBe('line one\n\tline two');
    const [line] = await clientErrorsReport(server.db);
    expect(line).toMatch(
      /^\S+Z\tanonymous\tTypeError: line one\\n\\tline two\thttp:\/\/localhost\/v\/calendar$/,
    );
  });

  // Last: it uses up this client address's allowance for the rest of the file.
  it('answers 429 with Retry-After once a client address sent 60 reports in 10 minutes', async () => {
    let answer = await api.post('/client-errors', report);
    for (let sent = 1; answer.status === 201 && sent <= 60; sent++) {
      answer = await api.post('/client-errors', report);
    }
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(answer.body).toEqual({ success: false, message: 'Too many attempts. Try again in 10 min.' });
    const rows = await server.db
      .select({ n: count() })
      .from(clientErrors)
      .where(eq(clientErrors.name, report.name));
    // Every request so far counted, refused ones included: at most 60 got through.
    expect(rows[0]?.n).toBeLessThanOrEqual(60);
    const russian = await api.post('/client-errors?lang=ru', report);
    expect(russian.status).toBe(429);
    expect(russian.body.message).toBe('Слишком много попыток. Повторите через 10 мин.');
  });
});
