import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  streamFreezes,
  userCourseStreams,
  userDayStatuses,
  userLessonStatuses,
} from '../../server/db/schema';
import type { Account } from './client';
import { expectWire } from './contract';
import { serverForFile } from './harness';
import { createLearningFixture, type LearningFixture } from './learning-fixture';
import { WireDayProgressSchema, WireDayStatusSchema } from './streams-wire';
import { snapshot } from './table-snapshot';

const { server, api } = serverForFile();

const DAY_MS = 24 * 60 * 60 * 1000;
const BAD_IDS = ['0', '01', '-1', '1.5', '2147483648', 'x', '1%00'];
const nowSeconds = () => Math.floor(Date.now() / 1000);

let learner: Account;
let other: Account;
let othersCourse: LearningFixture;

beforeAll(async () => {
  learner = await api.signUp('days-learner');
  other = await api.signUp('days-other');
  othersCourse = await createLearningFixture(server.db, { userId: other.id, label: 'Days others' });
});

const as = (account: Account) => ({ token: account.token });
const mark = (
  streamId: number | string,
  dayId: number | string,
  action: 'start' | 'finish',
  account = learner,
) => api.post(`/user-course-streams/${streamId}/user-day-status/${dayId}/${action}`, undefined, as(account));
const progressOf = (streamId: number | string, statusId: number | string, account = learner) =>
  api.get(`/user-course-streams/${streamId}/user-day-status/${statusId}/progress`, as(account));

/** The learner's own fixture course with the stream row changed as given. */
async function fixtureWith(label: string, values: Partial<typeof userCourseStreams.$inferInsert> = {}) {
  const fixture = await createLearningFixture(server.db, { userId: learner.id, label });
  if (Object.keys(values).length > 0)
    await server.db.update(userCourseStreams).set(values).where(eq(userCourseStreams.id, fixture.streamId));
  return fixture;
}

describe('POST .../user-day-status/{dayId}/start and /finish', () => {
  it('starts a day once and finishes it once, keeping the first moments', async () => {
    const { streamId, days } = await fixtureWith('Days once');
    const dayId = days[0].id;
    const started = await mark(streamId, dayId, 'start');
    expect(started.status).toBe(200);
    const status = expectWire(WireDayStatusSchema, started.body);
    expect(status).toEqual({
      id: expect.any(Number),
      stream_id: streamId,
      stage_day_id: dayId,
      started_at: expect.any(Number),
      finished_at: null,
    });
    expect(Math.abs(status.started_at - nowSeconds())).toBeLessThan(60);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await mark(streamId, dayId, 'start')).body.data).toEqual(status);

    const finished = (await mark(streamId, dayId, 'finish')).body.data;
    expect(finished).toEqual({ ...status, finished_at: expect.any(Number) });
    expect(finished.finished_at).toBeGreaterThan(status.started_at);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await mark(streamId, dayId, 'finish')).body.data).toEqual(finished);
    expect(
      await server.db.select().from(userDayStatuses).where(eq(userDayStatuses.streamId, streamId)),
    ).toHaveLength(1);
  });

  it('finishing a day never started starts it too; concurrent starts make one status', async () => {
    const { streamId, days } = await fixtureWith('Days direct');
    const finished = expectWire(WireDayStatusSchema, (await mark(streamId, days[0].id, 'finish')).body);
    expect(finished.finished_at).toBe(finished.started_at);

    const results = await Promise.all(Array.from({ length: 8 }, () => mark(streamId, days[1].id, 'start')));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(
      await server.db.select().from(userDayStatuses).where(eq(userDayStatuses.streamId, streamId)),
    ).toHaveLength(2);
  });

  it('answers 403 for a day before its delay, a locked demo day and a stream not open, saying why', async () => {
    const now = Date.now();
    const open = await fixtureWith('Days delay');
    const demo = await fixtureWith('Days demo', { isDemo: 1, courseFullAccess: 0 });
    const fullDemo = await fixtureWith('Days full demo', { isDemo: 1, courseFullAccess: 1 });
    const notStarted = await fixtureWith('Days not started', { startDate: new Date(now + DAY_MS) });
    const ended = await fixtureWith('Days ended', {
      startDate: new Date(now - 9 * DAY_MS),
      endDate: new Date(now - DAY_MS),
    });
    const stopped = await fixtureWith('Days stopped', { isOptionalPurchase: 1 });
    const frozen = await fixtureWith('Days frozen');
    await server.db.insert(streamFreezes).values({
      streamId: frozen.streamId,
      status: 1,
      startDate: new Date(now - DAY_MS),
      endDate: new Date(now + DAY_MS),
    });
    const notOpen = 'This day is not open yet.';
    const accessEnded = 'Extend the course to resume access.';
    const refused: [LearningFixture, 0 | 1 | 2, string][] = [
      // Day 3 opens two days after the start; the stream started a day ago.
      [open, 2, notOpen],
      // Day 2 is not demo-accessible: no date opens it.
      [demo, 1, 'This day opens in the full version of the course.'],
      [notStarted, 0, notOpen],
      [ended, 0, accessEnded],
      [stopped, 0, accessEnded],
      [frozen, 0, 'The course is frozen.'],
    ];
    const before = await snapshot(server.db);
    for (const [fixture, index, message] of refused) {
      for (const action of ['start', 'finish'] as const) {
        const result = await mark(fixture.streamId, fixture.days[index].id, action);
        expect(result.status, `${fixture.label} ${action}`).toBe(403);
        expect(result.body).toEqual({ success: false, message });
      }
    }
    const frozenInSpanish = await api.post(
      `/user-course-streams/${frozen.streamId}/user-day-status/${frozen.days[0].id}/start?lang=es`,
      undefined,
      as(learner),
    );
    expect(frozenInSpanish.body.message).toBe('El curso está congelado.');
    const russian = await api.post(
      `/user-course-streams/${open.streamId}/user-day-status/${open.days[2].id}/start?lang=ru`,
      undefined,
      as(learner),
    );
    expect(russian.body.message).toBe('Этот день ещё не открыт.');
    expect(await snapshot(server.db)).toEqual(before);

    // The demo's demo-accessible day is open; a demo with full access locks no day by the demo rule.
    expect((await mark(demo.streamId, demo.days[0].id, 'start')).status).toBe(200);
    expect((await mark(fullDemo.streamId, fullDemo.days[1].id, 'start')).status).toBe(200);
  });

  it("answers 404 for another learner's stream and a day of another course; 422 for bad ids; nothing changes", async () => {
    const mine = await fixtureWith('Days mine');
    const before = await snapshot(server.db);
    for (const action of ['start', 'finish'] as const) {
      expect((await mark(othersCourse.streamId, othersCourse.days[0].id, action)).status).toBe(404);
      expect((await mark(mine.streamId, othersCourse.days[0].id, action)).status).toBe(404);
      expect((await mark(2147483647, mine.days[0].id, action)).status).toBe(404);
      for (const id of BAD_IDS) {
        const badStream = await mark(id, mine.days[0].id, action);
        expect(badStream.status).toBe(422);
        expect(badStream.body.errors).toEqual({ streamId: ['Id must be set'] });
        expect((await mark(mine.streamId, id, action)).body.errors).toEqual({ dayId: ['Id must be set'] });
      }
    }
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('GET .../user-day-status/{id}/progress', () => {
  it("counts the day's lessons, seconds up to each lesson's length and the viewed ones", async () => {
    const { streamId, days } = await fixtureWith('Days progress');
    const status = (await mark(streamId, days[0].id, 'start')).body.data;
    const empty = await progressOf(streamId, status.id);
    expect(empty.status).toBe(200);
    // Day 1: "Squats (execution)" 125 s, "Squats (theory)" 60 s, "Stretching" 90 s.
    expect(expectWire(WireDayProgressSchema, empty.body)).toEqual({
      id: status.id,
      stage_day_id: days[0].id,
      lessons_count: 3,
      viewed_lessons_count: 0,
      viewed_seconds: 0,
      total_seconds: 275,
      progress: 0,
    });
    const [squats, theory] = days[0].lessonSetLessonIds;
    if (squats === undefined || theory === undefined) throw new Error('the fixture day has no lessons');
    await server.db.insert(userLessonStatuses).values([
      // Watched twice over: counts as its length.
      { streamId, lessonSetLessonId: squats, viewedSeconds: 250, playCount: 2 },
      { streamId, lessonSetLessonId: theory, viewedSeconds: 30, playCount: 1 },
    ]);
    expect((await progressOf(streamId, status.id)).body.data).toEqual({
      id: status.id,
      stage_day_id: days[0].id,
      lessons_count: 3,
      viewed_lessons_count: 1,
      viewed_seconds: 155,
      total_seconds: 275,
      progress: 56,
    });
  });

  it("answers 404 for another learner's day status and one of another stream; 422 for bad ids", async () => {
    const mine = await fixtureWith('Days progress mine');
    const second = await fixtureWith('Days progress second');
    const mineStatus = (await mark(mine.streamId, mine.days[0].id, 'start')).body.data;
    const othersStatus = (await mark(othersCourse.streamId, othersCourse.days[0].id, 'start', other)).body
      .data;
    expect((await progressOf(othersCourse.streamId, othersStatus.id)).status).toBe(404);
    expect((await progressOf(mine.streamId, othersStatus.id)).status).toBe(404);
    expect((await progressOf(second.streamId, mineStatus.id)).status).toBe(404);
    for (const id of BAD_IDS) {
      expect((await progressOf(id, mineStatus.id)).body.errors).toEqual({ streamId: ['Id must be set'] });
      expect((await progressOf(mine.streamId, id)).body.errors).toEqual({ id: ['Id must be set'] });
    }
  });
});

it('never answered with a 500', () => {
  expect(server.errors).toEqual([]);
});
