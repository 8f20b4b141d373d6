import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeCourse } from '../../server/authoring/course-writer';
import { enrol } from '../../server/authoring/enrolment';
import { appRatings, userDayStatuses } from '../../server/db/schema';
import { WireAppRatingSchema } from '../../src/api/appRating';
import type { Account } from './client';
import { expectWire } from './contract';
import { serverForFile } from './harness';
import { snapshot } from './table-snapshot';

/** GET and POST /app-rating: when to ask "Enjoying the app?", and the learner's one answer. */

const { server, api } = serverForFile();
const DAY_MS = 24 * 60 * 60 * 1000;

let learner: Account;
let newcomer: Account;

/** A stream for `account` with `finished` of its four days finished. */
async function finishDays(account: Account, finished: number) {
  const course = await writeCourse(server.db, {
    title: `Course of ${account.email}`,
    titleShort: 'Course',
    descriptionShort: '',
    version: 1,
    stages: [{ title: 'Start', days: [1, 2, 3, 4].map((n) => ({ title: `Day ${n}`, lessonSets: [] })) }],
  });
  const streamId = await enrol(server.db, {
    userId: account.id,
    courseId: course.courseId,
    startDate: new Date(),
    endDate: null,
  });
  const days = course.days.slice(0, finished);
  if (days.length > 0)
    await server.db
      .insert(userDayStatuses)
      .values(days.map((day) => ({ streamId, dayId: day.id, finishedAt: new Date() })));
}

beforeAll(async () => {
  learner = await api.signUp('rating-learner');
  newcomer = await api.signUp('rating-newcomer');
  await finishDays(learner, 3);
  await finishDays(newcomer, 2);
});

const as = (account: Account) => ({ token: account.token });

async function ratingOf(account: Account) {
  const result = await api.get('/app-rating', as(account));
  expect(result.status).toBe(200);
  return expectWire(WireAppRatingSchema, result.body);
}

describe('GET /app-rating', () => {
  it('is due from the third finished day on, not before', async () => {
    expect(await ratingOf(learner)).toEqual({ due: true, answer: null, rating: null });
    expect(await ratingOf(newcomer)).toEqual({ due: false, answer: null, rating: null });
  });

  it('needs a session', async () => {
    expect((await api.get('/app-rating')).status).toBe(401);
  });
});

describe('POST /app-rating', () => {
  it('"Not now" asks again after 30 days', async () => {
    const result = await api.post('/app-rating', { answer: 'later' }, as(learner));
    expect(result.status).toBe(200);
    expect(expectWire(WireAppRatingSchema, result.body)).toEqual({
      due: false,
      answer: 'later',
      rating: null,
    });
    const [row] = await server.db.select().from(appRatings).where(eq(appRatings.userId, learner.id));
    expect(row?.askAfter?.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect(await ratingOf(learner)).toMatchObject({ due: false });
    await server.db
      .update(appRatings)
      .set({ askAfter: new Date(Date.now() - 1000) })
      .where(eq(appRatings.userId, learner.id));
    expect(await ratingOf(learner)).toEqual({ due: true, answer: 'later', rating: null });
  });

  it('keeps one rating per learner, with its comment, and never asks again', async () => {
    const result = await api.post(
      '/app-rating',
      { answer: 'rated', rating: 4, comment: '  Lovely  ' },
      as(learner),
    );
    expect(expectWire(WireAppRatingSchema, result.body)).toEqual({ due: false, answer: 'rated', rating: 4 });
    const rows = await server.db.select().from(appRatings).where(eq(appRatings.userId, learner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ answer: 'rated', rating: 4, comment: 'Lovely', askAfter: null });
    expect(await ratingOf(learner)).toEqual({ due: false, answer: 'rated', rating: 4 });
  });

  it('"Don\'t ask again" is kept for every device', async () => {
    const result = await api.post('/app-rating', { answer: 'never' }, as(newcomer));
    expect(result.status).toBe(200);
    await finishDays(newcomer, 4);
    expect(await ratingOf(newcomer)).toEqual({ due: false, answer: 'never', rating: null });
  });

  it('refuses bad values in the user’s language and changes nothing', async () => {
    const before = await snapshot(server.db);
    const stars = await api.post('/app-rating?lang=ru', { answer: 'rated', rating: 6 }, as(learner));
    expect(stars.status).toBe(422);
    expect(stars.body.errors).toEqual({ rating: ['Выберите от 1 до 5 звёзд.'] });
    const half = await api.post('/app-rating', { answer: 'rated', rating: 2.5 }, as(learner));
    expect(half.body.errors).toEqual({ rating: ['Choose from 1 to 5 stars.'] });
    const missing = await api.post('/app-rating', { answer: 'rated' }, as(learner));
    expect(missing.status).toBe(422);
    const answer = await api.post('/app-rating?lang=es', { answer: 'maybe' }, as(learner));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ answer: ['Responde rated, later o never.'] });
    const comment = await api.post(
      '/app-rating',
      { answer: 'rated', rating: 5, comment: 'x'.repeat(1001) },
      as(learner),
    );
    expect(comment.body.errors).toEqual({ comment: ['Must be at most 1000 characters.'] });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('needs a session', async () => {
    expect((await api.post('/app-rating', { answer: 'never' })).status).toBe(401);
  });
});
