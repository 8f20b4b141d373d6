import { request as httpRequest } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dayStatistics,
  sessions,
  streamFreezes,
  userCourseStreams,
  userDayStatuses,
  userLessonStatuses,
} from '../../server/db/schema';
import { hashToken } from '../../server/infra/tokens';
import { saveLessonStat } from '../../server/modules/day-statuses/lesson-stats';
import { markDay } from '../../server/modules/day-statuses/queries';
import { readStatisticNow, type StatisticRead } from '../../server/modules/day-statuses/statistic-reads';
import type { Account } from './client';
import { expectWire } from './contract';
import { serverForFile } from './harness';
import { createLearningFixture, type LearningFixture } from './learning-fixture';
import { WireLessonStatSchema, WireStreamStatusSchema } from './streams-wire';
import { snapshot } from './table-snapshot';

const { server, api } = serverForFile();

const DAY_MS = 24 * 60 * 60 * 1000;

let learner: Account;
let other: Account;
let course: LearningFixture;
let othersCourse: LearningFixture;

beforeAll(async () => {
  learner = await api.signUp('stats-learner');
  other = await api.signUp('stats-other');
  course = await createLearningFixture(server.db, { userId: learner.id, label: 'Stats' });
  othersCourse = await createLearningFixture(server.db, { userId: other.id, label: 'Stats others' });
});

const firstLesson = (fixture: LearningFixture, day = 0) => {
  const id = fixture.days[day]?.lessonSetLessonIds[0];
  if (id === undefined) throw new Error('the fixture day has no lesson');
  return id;
};

/** A statistic of the fixture's first lesson of day 1. */
const statOf = (fixture: LearningFixture, extra: Record<string, unknown> = {}) => ({
  stage_day_id: fixture.days[0].id,
  user_course_stream_id: fixture.streamId,
  stage_day_lesson_set_lesson_id: firstLesson(fixture),
  viewed_seconds: 12,
  play_count: 1,
  day_status: 'started',
  ...extra,
});

const save = (body: unknown, account: Account = learner, key?: string, query = '') =>
  api.post(`/save-lesson-stat${query}`, body, {
    token: account.token,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });

const statsOf = (streamId: number) =>
  server.db.select().from(dayStatistics).where(eq(dayStatistics.streamId, streamId));
const lessonTotals = async (streamId: number, lessonSetLessonId: number) => {
  const [row] = await server.db
    .select({ viewed: userLessonStatuses.viewedSeconds, plays: userLessonStatuses.playCount })
    .from(userLessonStatuses)
    .where(
      and(
        eq(userLessonStatuses.streamId, streamId),
        eq(userLessonStatuses.lessonSetLessonId, lessonSetLessonId),
      ),
    );
  return row;
};

async function freshFixture(label: string, values: Partial<typeof userCourseStreams.$inferInsert> = {}) {
  const fixture = await createLearningFixture(server.db, { userId: learner.id, label });
  if (Object.keys(values).length > 0)
    await server.db.update(userCourseStreams).set(values).where(eq(userCourseStreams.id, fixture.streamId));
  return fixture;
}

describe('POST /save-lesson-stat', () => {
  it('records the statistic, starts the day and adds to the lesson totals', async () => {
    const fixture = await freshFixture('Stats adds');
    const first = await save(statOf(fixture));
    expect(first.status).toBe(201);
    const saved = expectWire(WireLessonStatSchema, first.body);
    const [dayStatus] = await server.db
      .select()
      .from(userDayStatuses)
      .where(eq(userDayStatuses.streamId, fixture.streamId));
    expect(dayStatus).toMatchObject({ id: saved.dayStatusId, dayId: fixture.days[0].id, finishedAt: null });

    const second = await save(statOf(fixture, { viewed_seconds: 30, play_count: 0, day_status: undefined }));
    expect(second.status).toBe(201);
    expect(second.body.data.dayStatusId).toBe(saved.dayStatusId);
    expect(second.body.data.id).not.toBe(saved.id);
    expect(await lessonTotals(fixture.streamId, firstLesson(fixture))).toEqual({ viewed: 42, plays: 1 });
    const rows = await statsOf(fixture.streamId);
    expect(rows.map((r) => [r.viewedSeconds, r.playCount, r.dayStatus, r.idempotencyKey])).toEqual([
      [12, 1, 'started', null],
      [30, 0, null, null],
    ]);

    // A status that shows nothing is none: stored as null, like a missing one.
    for (const blank of ['   ', '\u200b', '\u0301'])
      expect(
        (await save(statOf(fixture, { viewed_seconds: 1, play_count: 0, day_status: blank }))).status,
      ).toBe(201);
    expect((await statsOf(fixture.streamId)).slice(2).map((r) => r.dayStatus)).toEqual([null, null, null]);

    // The stream's status shows the running totals.
    const status = await api.get(`/user-course-streams/${fixture.streamId}/status`, { token: learner.token });
    expect(expectWire(WireStreamStatusSchema, status.body).lessons).toEqual([
      { lesson_set_lesson_id: firstLesson(fixture), viewed_seconds: 45, play_count: 1 },
    ]);
  });

  it('takes ids sent as digits too', async () => {
    const fixture = await freshFixture('Stats digits');
    const body = statOf(fixture, {
      stage_day_id: String(fixture.days[0].id),
      user_course_stream_id: String(fixture.streamId),
      stage_day_lesson_set_lesson_id: String(firstLesson(fixture)),
    });
    expect((await save(body)).status).toBe(201);
    // Only as the id's own digits: a leading zero names no id.
    const before = await snapshot(server.db);
    const padded = await save({ ...body, stage_day_id: `0${fixture.days[0].id}` });
    expect(padded.status).toBe(422);
    expect(padded.body.errors).toEqual({ stage_day_id: ['Id must be set'] });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses a body that names a field twice (422 in the request language), counting nothing', async () => {
    const fixture = await freshFixture('Stats twice');
    const body = JSON.stringify(statOf(fixture, { viewed_seconds: 86_401 }));
    // The refused value first, a valid one after it: JSON.parse alone would keep the last.
    const twice = body.replace('"viewed_seconds":86401', '"viewed_seconds":86401,"viewed_seconds":1');
    expect(twice).not.toBe(body);
    const before = await snapshot(server.db);
    const refused = await api.call('POST', '/save-lesson-stat?lang=es', {
      token: learner.token,
      raw: twice,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      viewed_seconds: [
        'Envía este campo una sola vez: el cuerpo lo nombra (o una clave dentro de él) dos veces.',
      ],
    });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('names every wrong field in one answer: keys given twice, numbers too small and the rules', async () => {
    const fixture = await freshFixture('Stats every field');
    const body = JSON.stringify(statOf(fixture));
    const raw = body
      .replace(/"stage_day_id":\d+/, '"stage_day_id":1,"stage_day_id":2')
      .replace(/"viewed_seconds":\d+/, '"viewed_seconds":1e-400')
      .replace(/"play_count":\d+/, '"play_count":-1e-999')
      .replace(/"day_status":"[^"]*"/, '"day_status":5');
    expect(raw).toContain('-1e-999');
    expect(raw).toContain('"day_status":5');
    const before = await snapshot(server.db);
    const refused = await api.call('POST', '/save-lesson-stat', {
      token: learner.token,
      raw,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      stage_day_id: ['Send this field once: the body names it (or a key inside it) twice.'],
      viewed_seconds: ['A number here is too close to zero to be kept as sent: send 0 or a larger number.'],
      play_count: ['A number here is too close to zero to be kept as sent: send 0 or a larger number.'],
      day_status: ['Must be text.'],
    });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it("accepts statistics of a demo stream's open day, refuses them (403) for a stream not open", async () => {
    const now = Date.now();
    const demo = await freshFixture('Stats demo', { isDemo: 1, courseFullAccess: 0 });
    expect((await save(statOf(demo))).status).toBe(201);
    const ended = await freshFixture('Stats ended', {
      startDate: new Date(now - 9 * DAY_MS),
      endDate: new Date(now - DAY_MS),
    });
    const stopped = await freshFixture('Stats stopped', { isOptionalPurchase: 1 });
    const demoNotStarted = await freshFixture('Stats demo not started', {
      isDemo: 1,
      startDate: new Date(now + DAY_MS),
    });
    const before = await snapshot(server.db);
    for (const [fixture, message] of [
      [ended, 'Amplía el curso para recuperar el acceso.'],
      [stopped, 'Amplía el curso para recuperar el acceso.'],
      [demoNotStarted, 'Este día aún no está abierto.'],
    ] as const) {
      const refused = await save(statOf(fixture), learner, undefined, '?lang=es');
      expect(refused.status, fixture.label).toBe(403);
      expect(refused.body.message, fixture.label).toBe(message);
    }
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses (403, as day start does) a day locked in a demo and a day before its delay, changing nothing', async () => {
    const now = Date.now();
    // Day 3 opens two days after the start and is not demo-accessible: in a demo that started three
    // days ago only the demo rule locks it; in a stream that started a day ago its delay has not passed.
    const demo = await freshFixture('Stats demo locked', {
      isDemo: 1,
      courseFullAccess: 0,
      startDate: new Date(now - 3 * DAY_MS),
    });
    const early = await freshFixture('Stats early');
    const before = await snapshot(server.db);
    for (const [fixture, message] of [
      [demo, 'Этот день откроется в полной версии курса.'],
      [early, 'Этот день ещё не открыт.'],
    ] as const) {
      const dayId = fixture.days[2].id;
      const refused = await save(
        statOf(fixture, { stage_day_id: dayId, stage_day_lesson_set_lesson_id: firstLesson(fixture, 2) }),
        learner,
        `locked-${fixture.label}`,
        '?lang=ru',
      );
      expect(refused.status, fixture.label).toBe(403);
      expect(refused.body, fixture.label).toEqual({ success: false, message });
      const start = await api.post(
        `/user-course-streams/${fixture.streamId}/user-day-status/${dayId}/start?lang=ru`,
        undefined,
        { token: learner.token },
      );
      expect([start.status, start.body], fixture.label).toEqual([refused.status, refused.body]);
    }
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('a statistic after the last one', () => {
  // The server counts a learner's next statistic on what it read for the last one, in one statement
  // that first checks that read still holds: each change below must be seen by the very next call.
  it('is decided on the stream as it is now: frozen, ended or moved to another learner', async () => {
    const now = Date.now();
    const fixture = await freshFixture('Stats after a change');
    const counted = () => server.db.$count(dayStatistics, eq(dayStatistics.streamId, fixture.streamId));
    const byStream = eq(userCourseStreams.id, fixture.streamId);
    expect((await save(statOf(fixture))).status).toBe(201);

    const [freeze] = await server.db
      .insert(streamFreezes)
      .values({
        streamId: fixture.streamId,
        status: 1,
        startDate: new Date(now - DAY_MS),
        endDate: new Date(now + DAY_MS),
      })
      .returning({ id: streamFreezes.id });
    expect((await save(statOf(fixture))).status).toBe(403);
    await server.db
      .update(streamFreezes)
      .set({ status: 2 })
      .where(eq(streamFreezes.id, freeze?.id ?? 0));
    expect((await save(statOf(fixture))).status).toBe(201);

    await server.db
      .update(userCourseStreams)
      .set({ endDate: new Date(now - DAY_MS) })
      .where(byStream);
    expect((await save(statOf(fixture))).status).toBe(403);
    await server.db.update(userCourseStreams).set({ endDate: null }).where(byStream);
    expect((await save(statOf(fixture))).status).toBe(201);

    await server.db.update(userCourseStreams).set({ userId: other.id }).where(byStream);
    expect((await save(statOf(fixture))).status).toBe(404);
    await server.db.update(userCourseStreams).set({ userId: learner.id }).where(byStream);
    expect(await counted()).toBe(3);
  });

  it('answers 401 once the session ended, before any refusal of its own, and counts nothing', async () => {
    const account = await api.signUp('stats-after-sign-out');
    const fixture = await createLearningFixture(server.db, { userId: account.id, label: 'Stats sign-out' });
    const counted = () => server.db.$count(dayStatistics, eq(dayStatistics.streamId, fixture.streamId));
    expect((await save(statOf(fixture), account, 'before-sign-out')).status).toBe(201);
    await server.db
      .update(sessions)
      .set({ revokedAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(account.token)));
    // A retry of the statistic counted before gets no earlier answer: the session is gone. First,
    // while the read of the session is still remembered as live.
    expect((await save(statOf(fixture), account, 'before-sign-out')).status).toBe(401);
    expect((await save(statOf(fixture), account)).status).toBe(401);
    expect((await save(statOf(fixture), account, '')).status).toBe(401);
    expect((await save(statOf(fixture, { stage_day_id: othersCourse.days[0].id }), account)).status).toBe(
      401,
    );
    expect(await counted()).toBe(1);
  });
});

describe('a statistic whose read changed while it waited for its batch', () => {
  // Under load a call waits for the statement in flight: what it was decided on may change meanwhile.
  // The count checks that read, whether it was remembered or made for this very call.
  const readOf = async (account: Account, fixture: LearningFixture) => {
    const read = await readStatisticNow(server.db, hashToken(account.token), fixture.streamId);
    if (!read) throw new Error('the session has no read');
    return read;
  };
  const savedOn = (
    read: StatisticRead,
    fixture: LearningFixture,
    key: string | null = null,
    day: 0 | 1 | 2 = 0,
  ) =>
    saveLessonStat(
      server.db,
      read,
      {
        stage_day_id: fixture.days[day].id,
        user_course_stream_id: fixture.streamId,
        stage_day_lesson_set_lesson_id: firstLesson(fixture, day),
        viewed_seconds: 5,
        play_count: 1,
        day_status: 'not_started',
      },
      key,
      Date.now(),
    );

  it('counts nothing once the session ended (401) or the stream froze (403) meanwhile', async () => {
    const account = await api.signUp('stats-waited');
    const fixture = await createLearningFixture(server.db, { userId: account.id, label: 'Stats waited' });

    const beforeFreeze = await readOf(account, fixture);
    const now = Date.now();
    await server.db.insert(streamFreezes).values({
      streamId: fixture.streamId,
      status: 1,
      startDate: new Date(now - DAY_MS),
      endDate: new Date(now + DAY_MS),
    });
    await expect(savedOn(beforeFreeze, fixture, 'waited-1')).rejects.toMatchObject({
      status: 403,
      messageKey: 'courseFrozen',
    });
    await server.db.delete(streamFreezes).where(eq(streamFreezes.streamId, fixture.streamId));

    const beforeSignOut = await readOf(account, fixture);
    await server.db
      .update(sessions)
      .set({ revokedAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(account.token)));
    await expect(savedOn(beforeSignOut, fixture, 'waited-2')).rejects.toMatchObject({ status: 401 });
    const byStream = (table: typeof dayStatistics | typeof userDayStatuses | typeof userLessonStatuses) =>
      server.db.$count(table, eq(table.streamId, fixture.streamId));
    expect([
      await byStream(dayStatistics),
      await byStream(userDayStatuses),
      await byStream(userLessonStatuses),
    ]).toEqual([0, 0, 0]);
  });

  it('answers 404 and writes nothing when the stream was deleted meanwhile', async () => {
    const account = await api.signUp('stats-unenrolled');
    const fixture = await createLearningFixture(server.db, { userId: account.id, label: 'Stats unenrolled' });
    const read = await readOf(account, fixture);
    await server.db.delete(userCourseStreams).where(eq(userCourseStreams.id, fixture.streamId));
    const before = await snapshot(server.db);
    await expect(savedOn(read, fixture)).rejects.toMatchObject({ status: 404 });
    // Day start and finish read the stream first, then write: the same answer.
    await expect(
      markDay(server.db, fixture.streamId, fixture.days[0].id, true, new Date()),
    ).rejects.toMatchObject({ status: 404 });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('starts no day for a repeat of a key in the same batch, even one naming another day', async () => {
    const fixture = await freshFixture('Stats batch repeat', {
      startDate: new Date(Date.now() - 3 * DAY_MS),
    });
    const read = await readOf(learner, fixture);
    // Both wait for the same statement: the first of the batch takes the key.
    const [first, repeat] = await Promise.all([
      savedOn(read, fixture, 'batch-repeat', 0),
      savedOn(read, fixture, 'batch-repeat', 2),
    ]);
    expect(first.replayed).toBe(false);
    expect(repeat).toEqual({ saved: first.saved, replayed: true });
    const started = await server.db
      .select({ dayId: userDayStatuses.dayId })
      .from(userDayStatuses)
      .where(eq(userDayStatuses.streamId, fixture.streamId));
    expect(started).toEqual([{ dayId: fixture.days[0].id }]);
    expect(await statsOf(fixture.streamId)).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer (200) and counts nothing', async () => {
    // Started three days ago: day 3 is open too.
    const fixture = await freshFixture('Stats replay', { startDate: new Date(Date.now() - 3 * DAY_MS) });
    const first = await save(statOf(fixture), learner, 'retry-1');
    expect(first.status).toBe(201);
    const before = await snapshot(server.db);
    // Even a different body: the key names the request, the first answer stands.
    const repeat = await save(statOf(fixture, { viewed_seconds: 99 }), learner, 'retry-1');
    expect(repeat.status).toBe(200);
    expect(repeat.body.data).toEqual(first.body.data);
    expect(await snapshot(server.db)).toEqual(before);
    // Another open day in the repeat's body is not started either.
    const otherDay = statOf(fixture, {
      stage_day_id: fixture.days[2].id,
      stage_day_lesson_set_lesson_id: firstLesson(fixture, 2),
    });
    const repeatOfOtherDay = await save(otherDay, learner, 'retry-1');
    expect(repeatOfOtherDay.status).toBe(200);
    expect(repeatOfOtherDay.body.data).toEqual(first.body.data);
    expect(await snapshot(server.db)).toEqual(before);
    expect(await statsOf(fixture.streamId)).toHaveLength(1);
    expect(await lessonTotals(fixture.streamId, firstLesson(fixture))).toEqual({ viewed: 12, plays: 1 });

    // Another key counts again; the same key is another learner's own.
    expect((await save(statOf(fixture), learner, 'retry-2')).status).toBe(201);
    expect((await save(statOf(othersCourse), other, 'retry-1')).status).toBe(201);
    expect(await statsOf(fixture.streamId)).toHaveLength(2);
  });

  it('counts one of 20 concurrent requests with one key; the others get its answer', async () => {
    const fixture = await freshFixture('Stats race');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => save(statOf(fixture), learner, 'race-key')),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    const answers = new Set(results.map((r) => JSON.stringify(r.body.data)));
    expect(answers.size).toBe(1);
    const rows = await statsOf(fixture.streamId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idempotencyKey).toBe('race-key');
    expect(await lessonTotals(fixture.streamId, firstLesson(fixture))).toEqual({ viewed: 12, plays: 1 });
    expect(
      await server.db.select().from(userDayStatuses).where(eq(userDayStatuses.streamId, fixture.streamId)),
    ).toHaveLength(1);
  });

  it('counts each of 20 concurrent first statistics of a day, under one day status', async () => {
    const fixture = await freshFixture('Stats first');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        save(statOf(fixture, { viewed_seconds: 1 }), learner, index % 2 === 0 ? `first-${index}` : undefined),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const dayStatuses = await server.db
      .select()
      .from(userDayStatuses)
      .where(eq(userDayStatuses.streamId, fixture.streamId));
    expect(dayStatuses).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.data.dayStatusId))).toEqual(new Set([dayStatuses[0]?.id]));
    expect(await statsOf(fixture.streamId)).toHaveLength(20);
    expect(await lessonTotals(fixture.streamId, firstLesson(fixture))).toEqual({ viewed: 20, plays: 20 });
  });

  it('answers each of many concurrent calls of two learners from its own rows, whatever shares a statement', async () => {
    const mine = await freshFixture('Stats mixed mine');
    const theirs = await createLearningFixture(server.db, { userId: other.id, label: 'Stats mixed theirs' });
    const lessonOf = (fixture: LearningFixture, lesson: number) => {
      const id = fixture.days[0].lessonSetLessonIds[lesson];
      if (id === undefined) throw new Error('the fixture day has too few lessons');
      return id;
    };
    // Statistics of two lessons of each stream, a key sent twice, another learner's stream named
    // with the wrong token and a token no session has, all at once with both learners' reads.
    const calls = Array.from({ length: 8 }, (_, index) => ({
      account: index % 2 === 0 ? learner : other,
      fixture: index % 2 === 0 ? mine : theirs,
      lesson: index % 4 < 2 ? 0 : 1,
    }));
    const results = await Promise.all([
      ...calls.map(({ account, fixture, lesson }, index) =>
        save(
          statOf(fixture, {
            stage_day_lesson_set_lesson_id: lessonOf(fixture, lesson),
            viewed_seconds: index + 1,
          }),
          account,
          `mixed-${index}`,
        ),
      ),
      save(statOf(mine, { viewed_seconds: 100 }), learner, 'mixed-0'),
      save(statOf(theirs), learner, 'mixed-foreign'),
      save(statOf(mine), { ...learner, token: 'no-such-token' }, 'mixed-dead'),
      api.get('/user', { token: learner.token }),
      api.get('/user', { token: other.token }),
      api.get(`/user-course-streams/${theirs.streamId}/status`, { token: other.token }),
      api.get(`/user-course-streams/${theirs.streamId}/status`, { token: learner.token }),
    ]);
    const [repeat, foreign, dead, myUser, theirUser, theirStatus, foreignStatus] = results.slice(
      calls.length,
    );
    expect(results.slice(0, calls.length).map((r) => r.status)).toEqual(calls.map(() => 201));
    expect([200, 201]).toContain(repeat?.status);
    expect([foreign?.status, dead?.status]).toEqual([404, 401]);
    expect([myUser?.body.data.id, theirUser?.body.data.id]).toEqual([learner.id, other.id]);
    expect([theirStatus?.status, foreignStatus?.status]).toEqual([200, 404]);
    // Each stream counted its own four statistics once, each lesson two of them.
    for (const [fixture, firstLessonSeconds, secondLessonSeconds] of [
      [mine, 1 + 5, 3 + 7],
      [theirs, 2 + 6, 4 + 8],
    ] as const) {
      expect(await statsOf(fixture.streamId)).toHaveLength(4);
      expect(await lessonTotals(fixture.streamId, lessonOf(fixture, 0))).toEqual({
        viewed: firstLessonSeconds,
        plays: 2,
      });
      expect(await lessonTotals(fixture.streamId, lessonOf(fixture, 1))).toEqual({
        viewed: secondLessonSeconds,
        plays: 2,
      });
      const days = await server.db
        .select()
        .from(userDayStatuses)
        .where(eq(userDayStatuses.streamId, fixture.streamId));
      expect(days).toHaveLength(1);
    }
    // Every answer names its own statistic, of its own stream and lesson.
    for (const [index, { fixture, lesson }] of calls.entries()) {
      const [row] = await server.db
        .select()
        .from(dayStatistics)
        .where(eq(dayStatistics.idempotencyKey, `mixed-${index}`));
      expect(results[index]?.body.data).toEqual({ id: row?.id, dayStatusId: row?.dayStatusId });
      expect(row).toMatchObject({
        streamId: fixture.streamId,
        lessonSetLessonId: lessonOf(fixture, lesson),
        viewedSeconds: index + 1,
      });
    }
  });

  it('gives a retry its first answer even once the stream no longer takes statistics', async () => {
    const fixture = await freshFixture('Stats retry late');
    const first = await save(statOf(fixture), learner, 'late-retry');
    expect(first.status).toBe(201);
    const now = Date.now();
    await server.db
      .update(userCourseStreams)
      .set({ startDate: new Date(now - 9 * DAY_MS), endDate: new Date(now - DAY_MS) })
      .where(eq(userCourseStreams.id, fixture.streamId));
    const before = await snapshot(server.db);
    const retry = await save(statOf(fixture), learner, 'late-retry');
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect((await save(statOf(fixture), learner, 'late-new')).status).toBe(403);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses a key that is empty, too long or not printable ASCII, counting nothing', async () => {
    const fixture = await freshFixture('Stats keys');
    const before = await snapshot(server.db);
    for (const key of ['', 'k'.repeat(201), 'clé']) {
      const result = await save(statOf(fixture), learner, key);
      expect(result.status, key).toBe(422);
      expect(result.body.errors, key).toEqual({
        'Idempotency-Key': ['The Idempotency-Key must be 1 to 200 printable ASCII characters.'],
      });
    }
    expect(await snapshot(server.db)).toEqual(before);
    expect((await save(statOf(fixture), learner, `${'k'.repeat(199)}~`)).status).toBe(201);
  });

  it('refuses the header sent twice, which would pass for a key of its own, counting nothing', async () => {
    const fixture = await freshFixture('Stats twice');
    const before = await snapshot(server.db);
    // fetch joins a repeated header into one; Node's own client sends each line as given.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${server.url}/spa/api/v1/save-lesson-stat?lang=ru`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${learner.token}` },
      });
      request.setHeader('Idempotency-Key', ['twice-a', 'twice-b']);
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end(JSON.stringify(statOf(fixture)));
    });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body).errors).toEqual({
      'Idempotency-Key': ['Передайте этот параметр один раз.'],
    });
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('refusals change nothing', () => {
  it('answers the spec messages for missing ids and the field rules for bad numbers', async () => {
    const before = await snapshot(server.db);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ user_course_stream_id: undefined }, { user_course_stream_id: ['StreamId must be set'] }],
      [{ user_course_stream_id: 0 }, { user_course_stream_id: ['StreamId must be set'] }],
      [{ stage_day_id: undefined }, { stage_day_id: ['Id must be set'] }],
      [{ stage_day_id: 2147483648 }, { stage_day_id: ['Id must be set'] }],
      [{ stage_day_lesson_set_lesson_id: null }, { stage_day_lesson_set_lesson_id: ['Id must be set'] }],
      [{ stage_day_lesson_set_lesson_id: 1.5 }, { stage_day_lesson_set_lesson_id: ['Id must be set'] }],
      [{ stage_day_lesson_set_lesson_id: '-3' }, { stage_day_lesson_set_lesson_id: ['Id must be set'] }],
      [{ viewed_seconds: 0 }, { viewed_seconds: ['Must be 1 or more.'] }],
      [{ viewed_seconds: 2.5 }, { viewed_seconds: ['Must be a whole number.'] }],
      [{ viewed_seconds: '12' }, { viewed_seconds: ['Must be a whole number.'] }],
      [{ viewed_seconds: 86_401 }, { viewed_seconds: ['Must be at most 86400.'] }],
      [{ play_count: -1 }, { play_count: ['Must be 0 or more.'] }],
      [{ play_count: 1001 }, { play_count: ['Must be at most 1000.'] }],
      [{ play_count: undefined }, { play_count: ['This field is required.'] }],
      [{ day_status: 'x'.repeat(33) }, { day_status: ['Must be at most 32 characters.'] }],
      [{ day_status: 7 }, { day_status: ['Must be text.'] }],
      [{ day_status: 'st\nx' }, { day_status: ['Must not contain control characters.'] }],
    ];
    for (const [change, errors] of cases) {
      const result = await save(statOf(course, change));
      expect(result.status, JSON.stringify(change)).toBe(422);
      expect(result.body.errors, JSON.stringify(change)).toEqual(errors);
    }
    const russian = await save(
      statOf(course, { user_course_stream_id: undefined }),
      learner,
      undefined,
      '?lang=ru',
    );
    expect(russian.body.errors).toEqual({ user_course_stream_id: ['Не задан StreamId'] });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('answers 404 for a lesson not in the day, a day not in the course and a stream not mine', async () => {
    const before = await snapshot(server.db);
    const cases = [
      // The lesson of day 3 sent as a lesson of day 1.
      statOf(course, { stage_day_lesson_set_lesson_id: firstLesson(course, 2) }),
      // A day of another course.
      statOf(course, { stage_day_id: othersCourse.days[0].id }),
      // Another learner's stream with its own day and lesson.
      statOf(othersCourse),
      // Another learner's lesson in my day.
      statOf(course, { stage_day_lesson_set_lesson_id: firstLesson(othersCourse) }),
      statOf(course, { user_course_stream_id: 2147483647 }),
    ];
    for (const body of cases) {
      const result = await save(body, learner, `not-found-${JSON.stringify(body).length}`);
      expect(result.status, JSON.stringify(body)).toBe(404);
    }
    expect(await snapshot(server.db)).toEqual(before);
  });
});

it('never answered with a 500', () => {
  expect(server.errors).toEqual([]);
});
