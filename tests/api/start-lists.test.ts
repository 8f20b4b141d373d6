import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  communities,
  installments,
  paymentSubscriptions,
  supportCategories,
  techQuestions,
  userCommunities,
  userCourseStreams,
  userScores,
  users,
} from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/seed/index';
import { serverForFile } from './harness';

const { server, api } = serverForFile();
let learnerToken: string;
let adminToken: string;
let adminId: number;

const DAY = 24 * 60 * 60;
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  learnerToken = await api.login(DEMO_ACCOUNTS.learner.email, DEMO_ACCOUNTS.learner.password);
  adminToken = await api.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const [admin] = await server.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
  if (!admin) throw new Error('the seed has no admin');
  adminId = admin.id;
});

describe('the learner sees the seeded start lists', () => {
  it('GET /user-course-streams', async () => {
    const result = await api.get('/user-course-streams', { token: learnerToken });
    expect(result.status).toBe(200);
    // The seed gives the learner one stream per status; status is computed, never stored.
    expect(result.body.data.map((s: { status: string }) => s.status)).toEqual([
      'open',
      'open',
      'not_started',
      'ended',
      'freeze',
      'stopped',
    ]);
    const [stream] = result.body.data;
    expect(stream).toMatchObject({
      status: 'open',
      is_demo: 0,
      course_version: 1,
      course_full_access: 1,
      mobile_access: 1,
      is_optional_purchase: 0,
    });
    // Progress counts the finished day statuses: the seed finished the first two days.
    expect(stream.progress.complete_days_count).toBe(2);
    expect(stream.progress.progress).toBe(Math.floor((2 / stream.progress.days_count) * 100));
    expect(Math.abs(stream.start_date - (nowSeconds() - 3 * DAY - 3600))).toBeLessThan(600);
    expect(Math.abs(stream.end_date - (nowSeconds() + 60 * DAY))).toBeLessThan(600);
    const one = await api.get(`/user-course-streams/${stream.id}`, { token: learnerToken });
    expect(one.body.data).toEqual(stream);
  });

  it('GET /user-score/amount and GET /user-score (newest first)', async () => {
    const amount = await api.get('/user-score/amount', { token: learnerToken });
    expect(amount.body).toEqual({ success: true, data: { amount: 200 } });
    const history = await api.get('/user-score', { token: learnerToken });
    expect(history.body.data.map((e: { amount: number }) => e.amount)).toEqual([-50, 100, 150]);
    expect(history.body.data[0].updated_at).toBeGreaterThan(history.body.data[1].updated_at);
  });

  it('GET /community and GET /user-community', async () => {
    const list = await api.get('/community', { token: learnerToken });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      uniq: 'getting-started-club',
      chat_only: 0,
      slug: 'getting-started',
    });
    expect(list.body.data[0].course_ids).toHaveLength(1);
    const mine = await api.get('/user-community', { token: learnerToken });
    expect(mine.body.data).toEqual([
      expect.objectContaining({ community_id: list.body.data[0].id, is_optional_purchase: 0 }),
    ]);
  });

  it('GET /banners sorted by sort', async () => {
    const result = await api.get('/banners', { token: learnerToken });
    expect(result.body.data).toEqual([
      expect.objectContaining({
        title: 'Welcome to your first course',
        type: 'info',
        sort: 1,
        platforms: ['desktop', 'mobile'],
        positions: [1],
      }),
    ]);
    // The Kite brand shows no banners (its isBannerEnable flag is off).
    const kite = await api.get('/banners', { token: learnerToken, appId: 'kite-web' });
    expect(kite.status).toBe(200);
    expect(kite.body.data).toEqual([]);
    expect(kite.headers.get('x-pagination-total-count')).toBe('0');
  });

  it('GET /payment-subscription and GET /installment are empty lists for the learner', async () => {
    for (const path of ['/payment-subscription', '/installment']) {
      const result = await api.get(path, { token: learnerToken });
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ success: true, data: [] });
      expect(result.headers.get('x-pagination-total-count')).toBe('0');
    }
  });
});

describe('each list is scoped to the token user', () => {
  it('shows the admin only the admin rows and never the learner rows', async () => {
    const learnerStreams = (await api.get('/user-course-streams', { token: learnerToken })).body.data;
    const [learnerStream] = learnerStreams;
    const [community] = await server.db.select().from(communities);
    if (!community) throw new Error('the seed has no community');
    const end = new Date(Date.now() + 30 * DAY * 1000);
    await server.db.insert(paymentSubscriptions).values({
      userId: adminId,
      status: 'active',
      isActive: 1,
      title: 'Monthly',
      periodCount: 1,
      period: 'month',
      nextPayAt: end,
      endDate: end,
      recurrentPaymentsEnabled: 1,
    });
    await server.db.insert(installments).values({ userId: adminId, status: 'paid' });
    await server.db.insert(userScores).values({ userId: adminId, amount: 7 });
    await server.db.insert(userCommunities).values({
      userId: adminId,
      communityId: community.id,
      startDate: new Date(),
      endDate: end,
      isOptionalPurchase: 1,
    });
    await server.db.insert(userCourseStreams).values({
      userId: adminId,
      courseId: learnerStream.course_id,
      startDate: new Date(),
      endDate: end,
      isDemo: 1,
    });

    const subs = await api.get('/payment-subscription', { token: adminToken });
    expect(subs.body.data).toEqual([
      expect.objectContaining({
        status: 'active',
        is_active: 1,
        is_lifetime: 0,
        title: 'Monthly',
        period_count: 1,
        period: 'month',
        next_pay_at: Math.floor(end.getTime() / 1000),
        end_date: Math.floor(end.getTime() / 1000),
        course_service_type: 'main_subscription',
        recurrent_payments_enabled: 1,
      }),
    ]);
    expect((await api.get('/installment', { token: adminToken })).body.data).toEqual([
      expect.objectContaining({ status: 'paid' }),
    ]);
    expect((await api.get('/user-score/amount', { token: adminToken })).body.data.amount).toBe(7);
    expect((await api.get('/user-score', { token: adminToken })).body.data).toHaveLength(1);
    expect((await api.get('/user-community', { token: adminToken })).body.data).toEqual([
      expect.objectContaining({ is_optional_purchase: 1 }),
    ]);
    const adminStreams = (await api.get('/user-course-streams', { token: adminToken })).body.data;
    expect(adminStreams).toHaveLength(1);
    expect(adminStreams[0].is_demo).toBe(1);
    expect(adminStreams[0].id).not.toBe(learnerStream.id);

    // The learner's lists did not grow.
    expect((await api.get('/payment-subscription', { token: learnerToken })).body.data).toEqual([]);
    expect((await api.get('/installment', { token: learnerToken })).body.data).toEqual([]);
    expect((await api.get('/user-score/amount', { token: learnerToken })).body.data.amount).toBe(200);
    expect((await api.get('/user-course-streams', { token: learnerToken })).body.data).toEqual(
      learnerStreams,
    );
  });

  it("answers 404 for another user's stream and for unknown ids", async () => {
    const [learnerStream] = (await api.get('/user-course-streams', { token: learnerToken })).body.data;
    const foreign = await api.get(`/user-course-streams/${learnerStream.id}?lang=ru`, { token: adminToken });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, message: 'Не найдено.' });
    const unknown = await api.get('/user-course-streams/999999', { token: learnerToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body.success).toBe(false);
  });

  it('answers 422 "Id must be set" for an id that is not a positive int4', async () => {
    for (const id of ['abc', '1.5', '0', '-1', '2147483648', '99999999999999999999']) {
      const invalid = await api.get(`/user-course-streams/${id}`, { token: learnerToken });
      expect(invalid.status, id).toBe(422);
      expect(invalid.body.errors, id).toEqual({ id: ['Id must be set'] });
    }
  });
});

it('every start list answers 401 without a token or with a revoked one', async () => {
  const revoked = await api.login(DEMO_ACCOUNTS.learner.email, DEMO_ACCOUNTS.learner.password);
  await api.post('/auth/logout', undefined, { token: revoked });
  const paths = [
    '/user-course-streams',
    '/user-course-streams/1',
    '/payment-subscription',
    '/community',
    '/user-community',
    '/user-score/amount',
    '/user-score',
    '/banners',
    '/installment',
  ];
  for (const path of paths) {
    expect((await api.get(path)).status, path).toBe(401);
    expect((await api.get(path, { token: revoked })).status, path).toBe(401);
  }
});

describe('POST /tech-questions/anonymous', () => {
  it('stores the question and answers 201 with its id', async () => {
    const result = await api.post('/tech-questions/anonymous', {
      email: 'Visitor@Example.com',
      name: 'Visitor',
      message: 'I cannot sign in.',
      support_category_id: 7,
    });
    expect(result.status).toBe(201);
    const [stored] = await server.db
      .select()
      .from(techQuestions)
      .where(eq(techQuestions.id, result.body.data.id));
    expect(stored).toMatchObject({
      email: 'visitor@example.com',
      name: 'Visitor',
      message: 'I cannot sign in.',
      supportCategoryId: 7,
      userId: null,
    });
  });

  it('refuses missing, invalid and oversize fields without storing anything', async () => {
    const before = (await server.db.select().from(techQuestions)).length;
    const missing = await api.post('/tech-questions/anonymous?lang=es', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      email: ['Este campo es obligatorio.'],
      name: ['Este campo es obligatorio.'],
      message: ['Este campo es obligatorio.'],
    });
    const bad = await api.post('/tech-questions/anonymous', {
      email: 'nope',
      name: '   ',
      message: 'x'.repeat(501),
      support_category_id: 'seven',
    });
    expect(bad.body.errors).toEqual({
      email: ['Enter a valid e-mail address.'],
      name: ['This field is required.'],
      message: ['Must be at most 500 characters.'],
      support_category_id: ['Must be a whole number.'],
    });
    expect((await server.db.select().from(techQuestions)).length).toBe(before);
  });

  it('refuses a topic that does not exist or is retired, as the signed-in call does', async () => {
    await server.db
      .insert(supportCategories)
      .values({ id: 91, sort: 91, title: { en: 'Retired' }, isActive: false });
    const before = (await server.db.select().from(techQuestions)).length;
    const question = { email: 'visitor@example.com', name: 'Visitor', message: 'Which topic?' };
    const unknown = await api.post('/tech-questions/anonymous', { ...question, support_category_id: 999999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ support_category_id: ['Choose a topic from the list.'] });
    const retired = await api.post('/tech-questions/anonymous?lang=ru', {
      ...question,
      support_category_id: 91,
    });
    expect(retired.status).toBe(422);
    expect(retired.body.errors).toEqual({ support_category_id: ['Выберите тему из списка.'] });
    expect((await server.db.select().from(techQuestions)).length).toBe(before);
    // No topic at all is still a question.
    const none = await api.post('/tech-questions/anonymous', { ...question, support_category_id: null });
    expect(none.status).toBe(201);
  });

  // Last: it uses up this client address's allowance for the rest of the file.
  it('answers 429 with Retry-After once a client address sent 10 questions in an hour', async () => {
    const question = { email: 'flood@example.com', name: 'Flood', message: 'Again and again.' };
    let answer = await api.post('/tech-questions/anonymous', question);
    for (let sent = 1; answer.status === 201 && sent <= 10; sent++) {
      answer = await api.post('/tech-questions/anonymous', question);
    }
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    const spanish = await api.post('/tech-questions/anonymous?lang=es', question);
    expect(spanish.status).toBe(429);
    expect(spanish.body.message).toBe('Demasiados intentos. Inténtalo de nuevo en 60 min.');
    // Every question so far counted, refused ones included: at most 10 of this address's got through.
    const stored = await server.db
      .select()
      .from(techQuestions)
      .where(eq(techQuestions.email, 'flood@example.com'));
    expect(stored.length).toBeLessThan(10);
  });
});

it('never answered with a 500', () => {
  expect(server.errors).toEqual([]);
});
