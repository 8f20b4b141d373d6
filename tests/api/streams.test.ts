import { eq } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  courses,
  paymentSubscriptions,
  stageDays,
  streamFreezes,
  userCourseStreams,
  users,
} from '../../server/db/schema';
import { type Account, apiClient } from './client';
import { expectWire } from './contract';
import { serverForFile } from './harness';
import { createLearningFixture, type LearningFixture } from './learning-fixture';
import { WireFullStreamSchema } from './streams-wire';
import { snapshot } from './table-snapshot';

const { server, api } = serverForFile();

const DAY_MS = 24 * 60 * 60 * 1000;
const BAD_IDS = ['0', '01', '-1', '1.5', '2147483648', 'x', '1%00'];

let learner: Account;
let other: Account;
let course: LearningFixture;
let othersCourse: LearningFixture;

beforeAll(async () => {
  learner = await api.signUp('streams-learner');
  other = await api.signUp('streams-other');
  course = await createLearningFixture(server.db, { userId: learner.id, label: 'Streams' });
  othersCourse = await createLearningFixture(server.db, { userId: other.id, label: 'Others' });
});

const as = (account: Account) => ({ token: account.token });
const seconds = (ms: number) => Math.floor(ms / 1000);

/** A stream of the fixture's course for `account`, with the given row values. */
async function streamWith(
  account: Account,
  label: string,
  values: Partial<typeof userCourseStreams.$inferInsert>,
) {
  const fixture = await createLearningFixture(server.db, { userId: account.id, label });
  if (Object.keys(values).length > 0)
    await server.db.update(userCourseStreams).set(values).where(eq(userCourseStreams.id, fixture.streamId));
  return fixture;
}

async function fetchStream(account: Account, id: number) {
  const result = await api.get(`/user-course-streams/${id}`, as(account));
  expect(result.status).toBe(200);
  return expectWire(WireFullStreamSchema, result.body);
}

describe('GET /user-course-streams and /user-course-streams/{id}', () => {
  it('answers the whole stream, the same in the list and alone, on both bases', async () => {
    const list = await api.get('/user-course-streams', as(learner));
    expect(list.status).toBe(200);
    const listed = expectWire(v.array(WireFullStreamSchema), list.body).find((s) => s.id === course.streamId);
    const one = await fetchStream(learner, course.streamId);
    expect(listed).toEqual(one);
    expect(one).toEqual({
      id: course.streamId,
      course_id: course.courseId,
      start_date: expect.any(Number),
      end_date: expect.any(Number),
      status: 'open',
      is_demo: 0,
      course_version: 2,
      course_full_access: 1,
      mobile_access: 1,
      is_optional_purchase: 0,
      chat_channel_id: null,
      chat_status: null,
      message_expires_date: null,
      max_consultation_count: 0,
      filters: {},
      // The rest day does not count.
      progress: { days_count: 2, complete_days_count: 0, progress: 0 },
      order: null,
      user_course_stream_freeze: null,
      payment_subscription_id: null,
    });
    const v2 = await apiClient(`${server.url}/spa/v2`).get(
      `/user-course-streams/${course.streamId}`,
      as(learner),
    );
    expect(v2.body.data).toEqual(one);
  });

  it('pages the list with the x-pagination headers, only the learner’s streams', async () => {
    const pager = await api.signUp('streams-pager');
    const streams = [];
    for (const label of ['Pager one', 'Pager two', 'Pager three'])
      streams.push(await createLearningFixture(server.db, { userId: pager.id, label }));
    const second = await api.get('/user-course-streams?per-page=2&page=2', as(pager));
    expect(second.body.data.map((s: { id: number }) => s.id)).toEqual([streams[2]?.streamId]);
    expect(second.headers.get('x-pagination-total-count')).toBe('3');
    expect(second.headers.get('x-pagination-page-count')).toBe('2');
    const first = await api.get('/user-course-streams?per-page=2', as(pager));
    expect(first.body.data.map((s: { id: number }) => s.id)).toEqual([
      streams[0]?.streamId,
      streams[1]?.streamId,
    ]);
  });

  it('names the order’s store product when the stream has one', async () => {
    const bought = await streamWith(learner, 'Store', { appstoreProductId: 'com.example.course' });
    const stream = await fetchStream(learner, bought.streamId);
    expect(stream.order).toEqual({ course_service: { appstore_product_id: 'com.example.course' } });
  });

  it("answers 404 for another learner's stream and an unknown one, 422 for a bad id", async () => {
    for (const path of [
      `/user-course-streams/${othersCourse.streamId}`,
      `/user-course-streams/${othersCourse.streamId}/status`,
    ]) {
      const foreign = await api.get(`${path}?lang=ru`, as(learner));
      expect(foreign.status, path).toBe(404);
      expect(foreign.body).toEqual({ success: false, message: 'Не найдено.' });
    }
    expect((await api.get('/user-course-streams/2147483647', as(learner))).status).toBe(404);
    for (const id of BAD_IDS) {
      for (const path of [`/user-course-streams/${id}`, `/user-course-streams/${id}/status`]) {
        const invalid = await api.get(path, as(learner));
        expect(invalid.status, path).toBe(422);
        expect(invalid.body.errors, path).toEqual({ id: ['Id must be set'] });
      }
    }
  });
});

describe('the status is computed from dates, freezes and subscriptions', () => {
  const now = Date.now();

  it('open between the dates, not_started before, ended after', async () => {
    const notStarted = await streamWith(learner, 'Later', { startDate: new Date(now + 2 * DAY_MS) });
    const ended = await streamWith(learner, 'Past', {
      startDate: new Date(now - 30 * DAY_MS),
      endDate: new Date(now - DAY_MS),
    });
    const endless = await streamWith(learner, 'Endless', { endDate: null });
    expect((await fetchStream(learner, notStarted.streamId)).status).toBe('not_started');
    expect((await fetchStream(learner, ended.streamId)).status).toBe('ended');
    expect((await fetchStream(learner, endless.streamId)).status).toBe('open');
  });

  it('freeze while a freeze that is not canceled holds, whatever its stored mark', async () => {
    const frozen = await streamWith(learner, 'Frozen', {});
    const freeze = {
      streamId: frozen.streamId,
      startDate: new Date(now - DAY_MS),
      endDate: new Date(now + DAY_MS),
    };
    // Still marked created on its first day: it holds all the same, and answers as active (freeze.ts).
    await server.db.insert(streamFreezes).values({ ...freeze, status: 0 });
    const stream = await fetchStream(learner, frozen.streamId);
    expect(stream.status).toBe('freeze');
    expect(stream.user_course_stream_freeze).toEqual({
      id: expect.any(Number),
      status: 1,
      start_date: seconds(freeze.startDate.getTime()),
      end_date: seconds(freeze.endDate.getTime()),
    });
    // The newest freeze is the one shown and counted: canceled, the stream is open again.
    await server.db.insert(streamFreezes).values({ ...freeze, status: 2 });
    const thawed = await fetchStream(learner, frozen.streamId);
    expect(thawed.status).toBe('open');
    expect(thawed.user_course_stream_freeze?.status).toBe(2);
  });

  it('an optional purchase is open through an active subscription covering the course, else stopped', async () => {
    const buyer = await api.signUp('streams-buyer');
    const optional = await streamWith(buyer, 'Optional', { isOptionalPurchase: 1 });
    const elsewhere = await createLearningFixture(server.db, { userId: buyer.id, label: 'Elsewhere' });
    expect((await fetchStream(buyer, optional.streamId)).status).toBe('stopped');

    // A subscription that covers another course, or an inactive one, changes nothing.
    await server.db.insert(paymentSubscriptions).values([
      { userId: buyer.id, status: 'active', isActive: 1, title: 'Other', courseIds: [elsewhere.courseId] },
      { userId: buyer.id, status: 'canceled', isActive: 0, title: 'Old', courseIds: [optional.courseId] },
    ]);
    const stopped = await fetchStream(buyer, optional.streamId);
    expect(stopped).toMatchObject({ status: 'stopped', payment_subscription_id: null });

    const [active] = await server.db
      .insert(paymentSubscriptions)
      .values({
        userId: buyer.id,
        status: 'active',
        isActive: 1,
        title: 'Club',
        courseIds: [optional.courseId],
      })
      .returning({ id: paymentSubscriptions.id });
    const open = await fetchStream(buyer, optional.streamId);
    expect(open).toMatchObject({ status: 'open', payment_subscription_id: active?.id });
    // The subscription of another learner never opens this learner's stream.
    const stranger = await streamWith(other, 'Stranger optional', { isOptionalPurchase: 1 });
    await server.db.insert(paymentSubscriptions).values({
      userId: buyer.id,
      status: 'active',
      isActive: 1,
      title: 'Not theirs',
      courseIds: [stranger.courseId],
    });
    expect((await fetchStream(other, stranger.streamId)).status).toBe('stopped');
  });

  it('a lifetime subscription opens an optional purchase too', async () => {
    const lifer = await api.signUp('streams-lifer');
    const optional = await streamWith(lifer, 'Lifetime', { isOptionalPurchase: 1 });
    await server.db.insert(paymentSubscriptions).values({
      userId: lifer.id,
      status: 'canceled',
      isActive: 0,
      isLifetime: 1,
      title: 'Forever',
      courseIds: [optional.courseId],
    });
    expect((await fetchStream(lifer, optional.streamId)).status).toBe('open');
  });

  it('a demo stream is open once started, even after its end date, and not_started before', async () => {
    const demo = await streamWith(learner, 'Demo', {
      isDemo: 1,
      courseFullAccess: 0,
      startDate: new Date(now - 10 * DAY_MS),
      endDate: new Date(now - DAY_MS),
    });
    const early = await streamWith(learner, 'Demo later', { isDemo: 1, startDate: new Date(now + DAY_MS) });
    expect(await fetchStream(learner, demo.streamId)).toMatchObject({ status: 'open', is_demo: 1 });
    expect((await fetchStream(learner, early.streamId)).status).toBe('not_started');
  });
});

describe('GET /user-course-streams/{id}/status', () => {
  it('lists stages, days with their opening and the day to continue with', async () => {
    const fresh = await createLearningFixture(server.db, { userId: learner.id, label: 'Plan' });
    const stream = await fetchStream(learner, fresh.streamId);
    const result = await api.get(`/user-course-streams/${fresh.streamId}/status`, as(learner));
    expect(result.status).toBe(200);
    const [day1, day2, day3] = fresh.days;
    expect(result.body.data).toEqual({
      stages: fresh.stageIds.map((id) => ({ id, stream_id: fresh.streamId, status: 'not_started' })),
      days: [
        { day: day1, open: true, demo: true, delay: 0 },
        { day: day2, open: true, demo: false, delay: 0 },
        { day: day3, open: false, demo: false, delay: 2 * 86_400 },
      ].map(({ day, open, demo, delay }) => ({
        stage_day_id: day.id,
        day_status_id: null,
        started_at: null,
        finished_at: null,
        is_open_by_time_delay: open,
        opens_at: stream.start_date + delay,
        is_demo_accessible: demo,
      })),
      lessons: [],
      homeworks: [],
      consultations: [],
      chat_channel_meta: null,
      current_day: {
        stage_id: fresh.stageIds[0],
        day_id: day1.id,
        day_number: 1,
        title: 'Plan Warm-up',
        excerpt: 'Easy start',
      },
    });

    // Finishing the first day ends the first stage (its other day is a rest day) and moves the
    // progress; the next working day is not open yet, so there is no day to continue with.
    const finished = await api.post(
      `/user-course-streams/${fresh.streamId}/user-day-status/${day1.id}/finish`,
      undefined,
      as(learner),
    );
    expect(finished.status).toBe(200);
    const after = (await api.get(`/user-course-streams/${fresh.streamId}/status`, as(learner))).body.data;
    expect(after.stages.map((s: { status: string }) => s.status)).toEqual(['ended', 'not_started']);
    expect(after.days[0]).toMatchObject({
      day_status_id: finished.body.data.id,
      started_at: finished.body.data.started_at,
      finished_at: finished.body.data.finished_at,
    });
    expect(after.current_day).toBeNull();
    expect((await fetchStream(learner, fresh.streamId)).progress).toEqual({
      days_count: 2,
      complete_days_count: 1,
      progress: 50,
    });
  });

  it('never offers a day the demo leaves out as the day to continue with', async () => {
    // Started three days ago: the last day is open by its delay, but not demo-accessible.
    const demo = await createLearningFixture(server.db, {
      userId: learner.id,
      label: 'Demo plan',
      isDemo: true,
      startDate: new Date(Date.now() - 3 * DAY_MS),
    });
    const [day1, , day3] = demo.days;
    const status = async () =>
      (await api.get(`/user-course-streams/${demo.streamId}/status`, as(learner))).body.data;
    const before = await status();
    expect(before.days[2]).toMatchObject({ is_open_by_time_delay: true, is_demo_accessible: false });
    expect(before.current_day).toMatchObject({ day_id: day1.id });
    const finished = await api.post(
      `/user-course-streams/${demo.streamId}/user-day-status/${day1.id}/finish`,
      undefined,
      as(learner),
    );
    expect(finished.status).toBe(200);
    // The only working day left is the one the learner would be refused.
    const refused = await api.post(
      `/user-course-streams/${demo.streamId}/user-day-status/${day3.id}/start`,
      undefined,
      as(learner),
    );
    expect(refused.status).toBe(403);
    expect((await status()).current_day).toBeNull();
  });
});

describe('the progress counts the days required to complete the course', () => {
  /** Marks the days optional (`required_to_complete` 0) as the importer would write them; the course is rewritten. */
  async function makeOptional(fixture: LearningFixture, dayIds: number[]) {
    for (const id of dayIds)
      await server.db.update(stageDays).set({ requiredToComplete: 0 }).where(eq(stageDays.id, id));
    await server.db.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, fixture.courseId));
  }

  it('leaves an optional day out of the count and out of its stage’s end', async () => {
    const fresh = await createLearningFixture(server.db, { userId: learner.id, label: 'Optional' });
    const [day1, , day3] = fresh.days;
    await makeOptional(fresh, [day3.id]);
    expect((await fetchStream(learner, fresh.streamId)).progress).toEqual({
      days_count: 1,
      complete_days_count: 0,
      progress: 0,
    });
    const finished = await api.post(
      `/user-course-streams/${fresh.streamId}/user-day-status/${day1.id}/finish`,
      undefined,
      as(learner),
    );
    expect(finished.status).toBe(200);
    // The one required day is done: the course is, though its optional day is not.
    expect((await fetchStream(learner, fresh.streamId)).progress).toEqual({
      days_count: 1,
      complete_days_count: 1,
      progress: 100,
    });
    // A stage of optional days alone ends once they are done, as a course marking none required does.
    const status = (await api.get(`/user-course-streams/${fresh.streamId}/status`, as(learner))).body.data;
    expect(status.stages.map((stage: { status: string }) => stage.status)).toEqual(['ended', 'not_started']);
  });

  it('counts every working day of a course that marks none required', async () => {
    const fresh = await createLearningFixture(server.db, { userId: learner.id, label: 'All optional' });
    const [day1, day2, day3] = fresh.days;
    await makeOptional(fresh, [day1.id, day2.id, day3.id]);
    expect((await fetchStream(learner, fresh.streamId)).progress).toEqual({
      days_count: 2,
      complete_days_count: 0,
      progress: 0,
    });
  });
});

describe('POST /user-course-streams/{id}/filters', () => {
  const path = (id: number | string) => `/user-course-streams/${id}/filters`;

  it('keeps the filters as sent and answers the stream', async () => {
    const filters = { view: 'week', show: ['lessons', 'homework'], nested: { level: 2 } };
    const result = await api.post(path(course.streamId), { filters }, as(learner));
    expect(result.status).toBe(200);
    expect(expectWire(WireFullStreamSchema, result.body).filters).toEqual(filters);
    expect((await fetchStream(learner, course.streamId)).filters).toEqual(filters);
  });

  it('refuses bad filters and ids, and another learner’s stream, changing nothing', async () => {
    const before = await snapshot(server.db);
    const cases: [string | number, unknown, Record<string, string[]>][] = [
      [course.streamId, {}, { filters: ['This field is required.'] }],
      [course.streamId, { filters: [1, 2] }, { filters: ['Must be a JSON object.'] }],
      [course.streamId, { filters: 'week' }, { filters: ['Must be a JSON object.'] }],
      [
        course.streamId,
        { filters: { text: 'x'.repeat(4100) } },
        { filters: ['The filters must fit in 4 KB of JSON.'] },
      ],
      [
        course.streamId,
        { filters: { text: 'a\u0000b' } },
        { filters: ['Contains characters that cannot be saved.'] },
      ],
      [
        course.streamId,
        { filters: { '\ud800': 1 } },
        { filters: ['Contains characters that cannot be saved.'] },
      ],
      [
        course.streamId,
        { filters: { a: 'b\u0001' } },
        { filters: ['Contains characters that cannot be saved.'] },
      ],
      // Keys and texts are one line each, as names and codes are.
      [
        course.streamId,
        { filters: { 'line\nkey': 1 } },
        { filters: ['Contains characters that cannot be saved.'] },
      ],
      [
        course.streamId,
        { filters: { view: ['a\r\nb', 'c\td'] } },
        { filters: ['Contains characters that cannot be saved.'] },
      ],
      [
        course.streamId,
        { filters: { view: 'week\u202e' } },
        { filters: ['Contains characters that cannot be saved.'] },
      ],
      [
        course.streamId,
        { filters: JSON.parse(`${'{"a":'.repeat(20)}1${'}'.repeat(20)}`) },
        { filters: ['The filters are nested too deeply.'] },
      ],
    ];
    for (const id of BAD_IDS) cases.push([id, { filters: {} }, { id: ['streamId must be set'] }]);
    for (const [id, body, errors] of cases) {
      const result = await api.post(path(id), body, as(learner));
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    // Deep enough to overflow the stack of any walk that does not stop at the depth limit.
    const hostile = `{"filters":${'{"a":'.repeat(8000)}1${'}'.repeat(8000)}}`;
    const deep = await api.post(path(course.streamId), undefined, {
      ...as(learner),
      raw: hostile,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(deep.status).toBe(422);
    expect(deep.body.errors).toEqual({ filters: ['The filters are nested too deeply.'] });
    const foreign = await api.post(path(othersCourse.streamId), { filters: { view: 'day' } }, as(learner));
    expect(foreign.status).toBe(404);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses a number it cannot keep exactly anywhere in the filters: past the double range, or a whole number past 2^53', async () => {
    const before = await snapshot(server.db);
    const bodies = [
      '{"filters":{"a":1e400}}',
      '{"filters":{"a":-1e400}}',
      '{"filters":{"view":"week","nested":{"list":[1,2,1e999]}}}',
      '{"filters":{"c":12345678901234567890123}}',
      '{"filters":{"list":[9007199254740993]}}',
    ];
    for (const raw of bodies) {
      const english = await api.call('POST', path(course.streamId), {
        ...as(learner),
        raw,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(english.status, raw).toBe(422);
      expect(english.body.errors, raw).toEqual({
        filters: ['The filters hold a number too large to store.'],
      });
    }
    const russian = await api.call('POST', `${path(course.streamId)}?lang=ru`, {
      ...as(learner),
      raw: bodies[0],
      headers: { 'Content-Type': 'application/json' },
    });
    expect(russian.body.errors).toEqual({ filters: ['В фильтрах число, слишком большое для сохранения.'] });
    expect(await snapshot(server.db)).toEqual(before);
    // The largest whole number kept exactly, and fractions, are kept as sent.
    const exact = { max: Number.MAX_SAFE_INTEGER, min: -Number.MAX_SAFE_INTEGER, ratio: 0.1 };
    const kept = await api.post(path(course.streamId), { filters: exact }, as(learner));
    expect(kept.status).toBe(200);
    expect((await fetchStream(learner, course.streamId)).filters).toEqual(exact);
  });

  it('refuses a number too close to zero to be a double, which would be kept as a 0 never sent', async () => {
    const before = await snapshot(server.db);
    for (const [raw, lang, text] of [
      [
        '{"filters":{"f":1e-400}}',
        'en',
        'A number here is too close to zero to be kept as sent: send 0 or a larger number.',
      ],
      [
        `{"filters":{"view":"week","list":[1,-0.${'0'.repeat(330)}1]}}`,
        'es',
        'Aquí hay un número demasiado cercano a cero para guardarlo tal cual: envía 0 o un número mayor.',
      ],
    ] as const) {
      const answer = await api.call('POST', `${path(course.streamId)}?lang=${lang}`, {
        ...as(learner),
        raw,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status, raw).toBe(422);
      expect(answer.body.errors, raw).toEqual({ filters: [text] });
    }
    expect(await snapshot(server.db)).toEqual(before);
  });
});

/** Tokyo has no daylight saving time: a day there starts at 15:00 UTC of the day before. */
const TOKYO_MS = 9 * 60 * 60 * 1000;
const tokyoDate = (daysFromToday: number) =>
  new Date(Date.now() + TOKYO_MS + daysFromToday * DAY_MS).toISOString().slice(0, 10);
const tokyoDayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) - TOKYO_MS;

describe('freeze create and cancel', () => {
  let freezer: Account;
  beforeAll(async () => {
    freezer = await api.signUp('streams-freezer');
    await server.db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, freezer.id));
  });
  const create = (id: number | string, body: unknown, account: Account = freezer, query = '') =>
    api.post(`/user-course-streams/${id}/freeze/create${query}`, body, as(account));
  const cancel = (id: number | string, account: Account = freezer) =>
    api.get(`/user-course-streams/${id}/freeze/cancel`, as(account));

  it("freezes from today, in the learner's time zone, to the end of the last day; cancel thaws it", async () => {
    const { streamId } = await createLearningFixture(server.db, { userId: freezer.id, label: 'Freeze now' });
    const start = tokyoDate(0);
    const end = tokyoDate(3);
    const created = await create(streamId, { start_date: start, end_date: end });
    expect(created.status).toBe(200);
    const frozen = expectWire(WireFullStreamSchema, created.body);
    expect(frozen.status).toBe('freeze');
    expect(frozen.user_course_stream_freeze).toEqual({
      id: expect.any(Number),
      status: 1,
      start_date: seconds(tokyoDayStart(start)),
      end_date: seconds(tokyoDayStart(tokyoDate(4))) - 1,
    });

    // One freeze at a time.
    const again = await create(streamId, { start_date: tokyoDate(5), end_date: tokyoDate(6) });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('The course already has a freeze. Cancel it to plan another.');

    // A HEAD of the cancel, which must be safe, is refused and thaws nothing.
    const head = await api.call('HEAD', `/user-course-streams/${streamId}/freeze/cancel`, as(freezer));
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET');
    // Nor does another method's refusal offer it.
    const post = await api.call('POST', `/user-course-streams/${streamId}/freeze/cancel`, as(freezer));
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
    expect((await fetchStream(freezer, streamId)).status).toBe('freeze');

    const canceled = await cancel(streamId);
    expect(canceled.status).toBe(200);
    const thawed = expectWire(WireFullStreamSchema, canceled.body);
    expect(thawed.status).toBe('open');
    expect(thawed.user_course_stream_freeze).toEqual({ ...frozen.user_course_stream_freeze, status: 2 });

    const nothing = await cancel(streamId);
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toBe('There is no freeze to cancel.');
  });

  it("the session cookie cancels a freeze only from the app's own pages", async () => {
    const { streamId } = await createLearningFixture(server.db, {
      userId: freezer.id,
      label: 'Freeze cookie',
    });
    expect((await create(streamId, { start_date: tokyoDate(0), end_date: tokyoDate(3) })).status).toBe(200);
    const cancelByCookie = (site: string) =>
      fetch(`${server.url}/spa/api/v1/user-course-streams/${streamId}/freeze/cancel`, {
        headers: { 'X-App-Id': 'web', Cookie: `auth_token=${freezer.token}`, 'Sec-Fetch-Site': site },
      });
    // A page on a sibling host of the same site gets the cookie sent, SameSite=Strict or not.
    for (const site of ['same-site', 'cross-site']) {
      expect((await cancelByCookie(site)).status, site).toBe(401);
      expect((await fetchStream(freezer, streamId)).status, site).toBe('freeze');
    }
    expect((await cancelByCookie('same-origin')).status).toBe(200);
    expect((await fetchStream(freezer, streamId)).status).toBe('open');
  });

  it('a freeze starting later is created (0) and leaves the stream open until then', async () => {
    const { streamId } = await createLearningFixture(server.db, {
      userId: freezer.id,
      label: 'Freeze later',
    });
    const result = await create(streamId, { start_date: tokyoDate(1), end_date: tokyoDate(2) });
    expect(result.status).toBe(200);
    expect(result.body.data.status).toBe('open');
    expect(result.body.data.user_course_stream_freeze).toMatchObject({
      status: 0,
      start_date: seconds(tokyoDayStart(tokyoDate(1))),
    });
  });

  it('refuses dates against the freeze rules, bad dates and ids, in the request language', async () => {
    const { streamId } = await createLearningFixture(server.db, {
      userId: freezer.id,
      label: 'Freeze rules',
      endDate: new Date(tokyoDayStart(tokyoDate(10)) + 12 * 60 * 60 * 1000),
    });
    const before = await snapshot(server.db);
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { start_date: tokyoDate(-1), end_date: tokyoDate(2) },
        { start_date: ['The freeze cannot start before today.'] },
      ],
      [
        { start_date: tokyoDate(2), end_date: tokyoDate(2) },
        { end_date: ['The freeze must end after the day it starts.'] },
      ],
      [
        { start_date: tokyoDate(3), end_date: tokyoDate(1) },
        { end_date: ['The freeze must end after the day it starts.'] },
      ],
      // The stream ends on day 10 at noon: day 10 may still be frozen, day 11 may not.
      [
        { start_date: tokyoDate(1), end_date: tokyoDate(11) },
        { end_date: ['The freeze cannot end after your access ends.'] },
      ],
      [
        { start_date: tokyoDate(-2), end_date: tokyoDate(-3) },
        {
          start_date: ['The freeze cannot start before today.'],
          end_date: ['The freeze must end after the day it starts.'],
        },
      ],
      [{}, { start_date: ['This field is required.'], end_date: ['This field is required.'] }],
      [
        { start_date: '2030-02-30', end_date: '01.03.2030' },
        {
          start_date: ['Use a real calendar day from 1970 on, in the form YYYY-MM-DD.'],
          end_date: ['Use a real calendar day from 1970 on, in the form YYYY-MM-DD.'],
        },
      ],
      [
        // Real days, but before 1970: nothing the columns and the wire's seconds hold.
        { start_date: '1969-12-31', end_date: '1969-12-30' },
        {
          start_date: ['Use a real calendar day from 1970 on, in the form YYYY-MM-DD.'],
          end_date: ['Use a real calendar day from 1970 on, in the form YYYY-MM-DD.'],
        },
      ],
      [
        { start_date: 20300101, end_date: null },
        {
          start_date: ['Use a real calendar day from 1970 on, in the form YYYY-MM-DD.'],
          end_date: ['Use a real calendar day from 1970 on, in the form YYYY-MM-DD.'],
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const result = await create(streamId, body);
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    const spanish = await create(
      streamId,
      { start_date: tokyoDate(-1), end_date: tokyoDate(2) },
      freezer,
      '?lang=es',
    );
    expect(spanish.body.errors).toEqual({ start_date: ['La congelación no puede empezar antes de hoy.'] });
    expect((await create(streamId, { start_date: tokyoDate(1), end_date: tokyoDate(10) })).status).toBe(200);
    expect(await snapshot(server.db)).not.toEqual(before);
  });

  it('refuses a stream that is not open or is a demo, saying why, and a missing or foreign one, changing nothing', async () => {
    const now = Date.now();
    const dates = { start_date: tokyoDate(1), end_date: tokyoDate(3) };
    const notOpen = [
      [await streamWith(freezer, 'Freeze demo', { isDemo: 1 }), 'Демо-курс нельзя заморозить.'],
      [
        await streamWith(freezer, 'Freeze early', { startDate: new Date(now + 5 * DAY_MS) }),
        'Курс ещё не начался: замораживать пока нечего.',
      ],
      [
        await streamWith(freezer, 'Freeze ended', {
          startDate: new Date(now - 9 * DAY_MS),
          endDate: new Date(now - DAY_MS),
        }),
        'Продлите курс, чтобы вернуть доступ.',
      ],
      [
        await streamWith(freezer, 'Freeze stopped', { isOptionalPurchase: 1 }),
        'Продлите курс, чтобы вернуть доступ.',
      ],
    ] as const;
    const before = await snapshot(server.db);
    for (const [fixture, message] of notOpen) {
      const result = await create(fixture.streamId, dates, freezer, '?lang=ru');
      expect(result.status).toBe(422);
      expect(result.body.message).toBe(message);
    }
    expect((await create(othersCourse.streamId, dates)).status).toBe(404);
    expect((await cancel(othersCourse.streamId)).status).toBe(404);
    for (const id of BAD_IDS) {
      expect((await create(id, dates)).body.errors).toEqual({ id: ['Id must be set'] });
      expect((await cancel(id)).body.errors).toEqual({ id: ['Id must be set'] });
    }
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('lets concurrent freeze requests create one freeze', async () => {
    const { streamId } = await createLearningFixture(server.db, { userId: freezer.id, label: 'Freeze race' });
    const dates = { start_date: tokyoDate(2), end_date: tokyoDate(4) };
    const results = await Promise.all(Array.from({ length: 5 }, () => create(streamId, dates)));
    expect(results.map((r) => r.status).sort((a, b) => a - b)).toEqual([200, 422, 422, 422, 422]);
    const rows = await server.db.select().from(streamFreezes).where(eq(streamFreezes.streamId, streamId));
    expect(rows).toHaveLength(1);
  });

  // PGlite has no connections: it runs in the server's own worker thread.
  if (process.env.TEST_DB === 'postgres') {
    it("sends a freeze's reads through its transaction one at a time, never two at once on its connection", async () => {
      // A connection given a query while another runs queues it; pg deprecates that (gone in pg 9).
      const running = new WeakMap<pg.Client, number>();
      const overlapping: string[] = [];
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const count = running.get(this) ?? 0;
        if (count > 0) overlapping.push(JSON.stringify(args[0]).slice(0, 80));
        running.set(this, count + 1);
        const done = () => running.set(this, (running.get(this) ?? 1) - 1);
        const result = (query as (...a: unknown[]) => unknown).apply(this, args);
        if (result instanceof Promise) result.then(done, done);
        else done();
        return result;
      } as typeof query;
      try {
        // A course of its own, so that its outline is read inside the freeze's transaction.
        const { streamId } = await createLearningFixture(server.db, {
          userId: freezer.id,
          label: 'Freeze one query at a time',
        });
        const dates = { start_date: tokyoDate(2), end_date: tokyoDate(4) };
        expect((await create(streamId, dates)).status).toBe(200);
        expect((await cancel(streamId)).status).toBe(200);
      } finally {
        pg.Client.prototype.query = query;
      }
      expect(overlapping).toEqual([]);
    });
  }
});

it('never answered with a 500', () => {
  expect(server.errors).toEqual([]);
});
