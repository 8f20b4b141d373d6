import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, users } from '../../server/db/schema';
import { analyticsReport } from '../../server/modules/analytics/report';
import { serverForFile } from './harness';

const { server, api } = serverForFile();

const AT = 1_790_000_000;
const pageView = { name: 'page_view', path: '/home', at: AT };
const stored = async () => (await server.db.select({ n: count() }).from(analyticsEvents))[0]?.n ?? 0;

describe('POST /analytics/events', () => {
  it("stores a guest's batch with the brand, no user and its own moments", async () => {
    const events = [pageView, { name: 'sign_in', path: '/', at: AT + 5 }];
    const answer = await api.post('/analytics/events', { events });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ success: true, data: { accepted: 2 } });
    const rows = await server.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
    expect(
      rows.map(({ brandId, userId, name, path, internal, occurredAt }) => ({
        brandId,
        userId,
        name,
        path,
        internal,
        at: occurredAt.getTime() / 1000,
      })),
    ).toEqual([
      { brandId: 'brightpath', userId: null, name: 'page_view', path: '/home', internal: false, at: AT },
      { brandId: 'brightpath', userId: null, name: 'sign_in', path: '/', internal: false, at: AT + 5 },
    ]);
  });

  it("links a learner's events to them and marks an admin's as internal", async () => {
    const learner = await api.signUp('analytics-learner');
    const admin = await api.signUp('analytics-admin');
    await server.db.update(users).set({ isAdmin: 1 }).where(eq(users.id, admin.id));
    await api.post(
      '/analytics/events',
      { events: [{ ...pageView, name: 'burger' }] },
      { token: learner.token },
    );
    await api.post('/analytics/events', { events: [{ ...pageView, name: 'back' }] }, { token: admin.token });
    const mine = await server.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, learner.id));
    const theirs = await server.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, admin.id));
    expect(mine.map((row) => [row.name, row.internal])).toEqual([['burger', false]]);
    expect(theirs.map((row) => [row.name, row.internal])).toEqual([['back', true]]);
  });

  it('keeps a forged session anonymous and files events under the brand of the request', async () => {
    await api.post('/analytics/events', { events: [pageView] }, { token: 'forged', appId: 'kite-web' });
    const kite = await server.db.select().from(analyticsEvents).where(eq(analyticsEvents.brandId, 'kite'));
    expect(kite.map((row) => [row.name, row.userId])).toEqual([['page_view', null]]);
  });

  it('refuses unknown names, bad paths and moments, and empty or oversized batches, storing nothing', async () => {
    const before = await stored();
    const batchError = { events: ['Send 1 to 50 events at a time.'] };
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { events: ['This field is required.'] }],
      [{ events: [] }, batchError],
      [{ events: Array.from({ length: 51 }, () => pageView) }, batchError],
      [{ events: 'page_view' }, batchError],
      [
        { events: [pageView, { ...pageView, name: 'purchase' }] },
        { events: ['Unknown event: use page_view, burger, back or sign_in.'] },
      ],
      [{ events: [{ ...pageView, path: 'home' }] }, { events: ['Must be a path starting with /.'] }],
      [
        { events: [{ ...pageView, path: `/${'x'.repeat(2000)}` }] },
        { events: ['Must be at most 2000 characters.'] },
      ],
      [{ events: [{ ...pageView, at: 1.5 }] }, { events: ['Must be a whole number.'] }],
      [{ events: [{ ...pageView, at: -1 }] }, { events: ['Must be 0 or more.'] }],
      [{ events: [{ ...pageView, at: 1e13 }] }, { events: ['Must be at most 4102444800.'] }],
    ];
    for (const [body, errors] of cases) {
      const answer = await api.post('/analytics/events', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(answer.body.errors).toEqual(errors);
    }
    const russian = await api.post('/analytics/events?lang=ru', { events: [{ ...pageView, name: 'x' }] });
    expect(russian.body.errors).toEqual({
      events: ['Неизвестное событие: используйте page_view, burger, back или sign_in.'],
    });
    const spanish = await api.post('/analytics/events?lang=es', { events: [] });
    expect(spanish.body.errors).toEqual({ events: ['Envía de 1 a 50 eventos a la vez.'] });
    expect(await stored()).toBe(before);
  });

  it('counts per brand and event, internal traffic apart (npm run cli -- analytics)', async () => {
    expect(await analyticsReport(server.db)).toEqual([
      'brand\tevent\tlearners\tinternal',
      'brightpath\tback\t0\t1',
      'brightpath\tburger\t1\t0',
      'brightpath\tpage_view\t1\t0',
      'brightpath\tsign_in\t1\t0',
      'kite\tpage_view\t1\t0',
    ]);
  });

  // Last: it uses up this client address's allowance for the rest of the file.
  it('answers 429 with Retry-After once a client address sent 300 batches in 10 minutes', async () => {
    let answer = await api.post('/analytics/events', { events: [pageView] });
    for (let sent = 1; answer.status === 201 && sent <= 300; sent++) {
      answer = await api.post('/analytics/events', { events: [pageView] });
    }
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(500);
    const russian = await api.post('/analytics/events?lang=ru', { events: [pageView] });
    expect(russian.status).toBe(429);
    expect(russian.body.message).toBe('Слишком много попыток. Повторите через 10 мин.');
  });
});
