import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { dayStatistics, sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/infra/tokens';
import { openEvents } from './client';
import { serverForFile } from './harness';
import { createLearningFixture } from './learning-fixture';

// A short keep-alive interval so the comment line can be seen within a test.
const { server, api } = serverForFile({ keepAliveMs: 200 });

/** A fresh account with two signed-in sessions ("this device" and "the other device"). */
async function accountWithTwoSessions(label: string) {
  const account = await api.signUp(label);
  return { ...account, here: account.token, other: await api.login(account.email, account.password) };
}

/** Opens the event streams of both sessions and waits until each has said it is connected. */
async function connectedStreams(here: string, other: string) {
  const events = await openEvents(server.api, other);
  const ownEvents = await openEvents(server.api, here);
  await events.waitFor(': connected');
  await ownEvents.waitFor(': connected');
  return { events, ownEvents };
}

describe('GET /events', () => {
  it('refuses a missing, unknown or revoked token with 401 JSON', async () => {
    const missing = await fetch(`${server.api}/events`);
    expect(missing.status).toBe(401);
    expect((await missing.json()).success).toBe(false);
    expect((await openEvents(server.api, 'unknown-token')).status).toBe(401);
    const { here } = await accountWithTwoSessions('signed-out');
    await api.post('/auth/logout', undefined, { token: here });
    expect((await openEvents(server.api, here)).status).toBe(401);
  });

  it('opens a text/event-stream that sends keep-alive comments', async () => {
    const { here } = await accountWithTwoSessions('listener');
    const response = await fetch(`${server.api}/events?token=${here}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    await response.body?.cancel();
    const stream = await openEvents(server.api, here);
    await stream.waitFor(': keep-alive');
    stream.close();
  });
});

describe('revocation reaches the other sessions', () => {
  it('a password change revokes the other session and sends it logout', async () => {
    const { here, other, email, password } = await accountWithTwoSessions('password-changer');
    const events = await openEvents(server.api, other);
    await events.waitFor(': connected');
    const changed = await api.post(
      '/user/update-password',
      { current_password: password, password: 'second-password', password_repeat: 'second-password' },
      { token: here },
    );
    expect(changed.status).toBe(200);
    await events.waitFor('event: logout\ndata: {"reason":"new-sign-in"}\n\n');
    await events.ended;
    expect((await api.get('/user', { token: other })).status).toBe(401);
    expect((await api.get('/user', { token: changed.body.data.token })).status).toBe(200);
    await api.login(email, 'second-password');
  });

  it('the token that changed the password answers for a short grace, then never again', async () => {
    const { here, other, password } = await accountWithTwoSessions('grace-keeper');
    const changed = await api.post(
      '/user/update-password',
      { current_password: password, password: 'second-password', password_repeat: 'second-password' },
      { token: here },
    );
    expect(changed.status).toBe(200);
    // A call the browser sent before the new token arrived must not sign the learner out.
    expect((await api.get('/user', { token: here })).status).toBe(200);
    expect((await api.get('/user', { token: other })).status).toBe(401);
    // The grace is the database's: moved to its end, the old token is refused.
    const graceEnd = await server.db
      .update(sessions)
      .set({ revokedAt: new Date(Date.now() - 1000) })
      .where(and(eq(sessions.tokenHash, hashToken(here)), gt(sessions.revokedAt, new Date())))
      .returning({ id: sessions.id });
    expect(graceEnd).toHaveLength(1);
    expect((await api.get('/user', { token: here })).status).toBe(401);
    expect((await api.get('/user', { token: changed.body.data.token })).status).toBe(200);
  });

  it('the replaced token cannot change the password again within its grace', async () => {
    const { here, password, email } = await accountWithTwoSessions('grace-changer');
    const changed = await api.post(
      '/user/update-password',
      { current_password: password, password: 'second-password', password_repeat: 'second-password' },
      { token: here },
    );
    expect(changed.status).toBe(200);
    const again = await api.post(
      '/user/update-password?lang=es',
      { current_password: 'second-password', password: 'third-password', password_repeat: 'third-password' },
      { token: here },
    );
    expect(again.status).toBe(401);
    // Nothing changed: the new token still answers, and the second password still signs in.
    expect((await api.get('/user', { token: changed.body.data.token })).status).toBe(200);
    await api.login(email, 'second-password');
  });

  it('two devices changing the password at once: one change is saved, the other refused', async () => {
    for (let round = 0; round < 4; round++) {
      const { here, other, password, email } = await accountWithTwoSessions(`password-race-${round}`);
      const change = (token: string, next: string) =>
        api.post(
          '/user/update-password',
          { current_password: password, password: next, password_repeat: next },
          { token },
        );
      const answers = await Promise.all([change(here, 'here-password'), change(other, 'other-password')]);
      const saved = answers.findIndex((answer) => answer.status === 200);
      expect(saved).toBeGreaterThanOrEqual(0);
      // The other is told it was not saved: its session ends with the change, or its current
      // password is no longer current.
      expect([401, 422]).toContain(answers[1 - saved]?.status);
      // What the saved change answered holds: its password signs in, its new token answers.
      await api.login(email, saved === 0 ? 'here-password' : 'other-password');
      expect((await api.get('/user', { token: answers[saved]?.body.data.token })).status).toBe(200);
    }
  });

  it('signing out within the grace ends the old token at once', async () => {
    const { here, password } = await accountWithTwoSessions('grace-leaver');
    const changed = await api.post(
      '/user/update-password',
      { current_password: password, password: 'second-password', password_repeat: 'second-password' },
      { token: here },
    );
    expect((await api.post('/auth/logout', undefined, { token: here })).status).toBe(200);
    expect((await api.get('/user', { token: here })).status).toBe(401);
    expect((await api.get('/user', { token: changed.body.data.token })).status).toBe(200);
  });

  it('account deletion revokes every session and sends logout to the others', async () => {
    const { here, other } = await accountWithTwoSessions('deleter');
    const { events, ownEvents } = await connectedStreams(here, other);
    expect((await api.delete('/user', { token: here })).status).toBe(200);
    await events.waitFor('event: logout');
    await events.ended;
    // The deleting session's own stream just closes: it already knows.
    await ownEvents.ended;
    expect(ownEvents.received()).not.toContain('event: logout');
    expect((await api.get('/user', { token: other })).status).toBe(401);
    expect((await api.get('/user', { token: here })).status).toBe(401);
  });

  it('a plain logout closes only its own stream, without a logout event elsewhere', async () => {
    const { here, other } = await accountWithTwoSessions('logger-out');
    const { events, ownEvents } = await connectedStreams(here, other);
    await api.post('/auth/logout', undefined, { token: here });
    await ownEvents.ended;
    await events.waitFor(': keep-alive');
    expect(events.received()).not.toContain('event: logout');
    expect((await api.get('/user', { token: other })).status).toBe(200);
    events.close();
  });
});

describe('calls whose first read looks the session up itself', () => {
  it('refuse a session revoked in the database, or a deleted account, at once and count nothing', async () => {
    const account = await api.signUp('first-read');
    const course = await createLearningFixture(server.db, { userId: account.id, label: 'First read' });
    const [lesson] = course.days[0].lessonSetLessonIds;
    const statistic = {
      stage_day_id: course.days[0].id,
      user_course_stream_id: course.streamId,
      stage_day_lesson_set_lesson_id: lesson,
      viewed_seconds: 5,
      play_count: 1,
      day_status: 'started',
    };
    const answers = async () => [
      (await api.get('/user', { token: account.token })).status,
      (await api.get(`/user-course-streams/${course.streamId}/status`, { token: account.token })).status,
      (await api.post('/save-lesson-stat', statistic, { token: account.token })).status,
    ];
    const counted = () => server.db.$count(dayStatistics, eq(dayStatistics.streamId, course.streamId));
    const session = eq(sessions.tokenHash, hashToken(account.token));
    // A replaced session's grace, still running: it answers.
    await server.db
      .update(sessions)
      .set({ revokedAt: new Date(Date.now() + 60_000) })
      .where(session);
    expect(await answers()).toEqual([200, 200, 201]);
    expect(await counted()).toBe(1);
    await server.db
      .update(sessions)
      .set({ revokedAt: new Date(Date.now() - 1000) })
      .where(session);
    expect(await answers()).toEqual([401, 401, 401]);
    await server.db.update(sessions).set({ revokedAt: null }).where(session);
    await server.db.update(users).set({ status: 0 }).where(eq(users.id, account.id));
    expect(await answers()).toEqual([401, 401, 401]);
    expect(await counted()).toBe(1);
  });
});

// PGlite has no connections: it runs in the server's own worker thread.
if (process.env.TEST_DB === 'postgres') {
  const quietLog = { info: () => undefined, error: () => undefined };
  describe('PostgreSQL connections', () => {
    it('are all closed once the database is closed', async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL });
      await admin.connect();
      const name = `t_close_${randomBytes(6).toString('hex')}`;
      try {
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(process.env.TEST_PG_URL ?? '');
        url.pathname = `/${name}`;
        const database = await openDatabase({ kind: 'postgres', url: url.toString() }, quietLog);
        await Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
        await database.close();
        const open = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        expect(open.rows[0].n).toBe(0);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    });

    it('ended by the database while idle cost the running server nothing: the next calls open new ones', async () => {
      const account = await api.signUp('connections');
      // Several connections at once, so the pool keeps idle ones for the database to end.
      await Promise.all(Array.from({ length: 5 }, () => server.db.execute(sql`select pg_sleep(0.05)`)));
      const ended = await server.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`);
      expect((ended as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      // The ended connections' errors reach the pool as it notices them.
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (let call = 0; call < 12; call++) {
        expect((await api.get('/user', { token: account.token })).status).toBe(200);
      }
      // Each ended connection is logged, and nothing else went wrong meanwhile.
      const logged = server.errors.splice(0);
      expect(logged.length).toBeGreaterThan(0);
      for (const line of logged) expect(line).toMatch(/^PostgreSQL ended an idle connection /);
    });
  });
}

it('never answered with a 500', () => {
  expect(server.errors).toEqual([]);
});
