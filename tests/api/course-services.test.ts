import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCourse } from '../../server/authoring/course-writer';
import { enrol } from '../../server/authoring/enrolment';
import { courseServices, userCourseStreams, users } from '../../server/db/schema';
import { serverForFile } from './harness';

/** GET /course-services/view and POST /course-services/{id}/enrol-demo. */

// Its own media folder: the seeded demo course imports media, and a shared folder belongs to one database.
const mediaDir = join(tmpdir(), `course-services-media-${randomUUID()}`);
const { server, api } = serverForFile({ mediaDir });
afterAll(() => rm(mediaDir, { recursive: true, force: true }));
const DAY_S = 24 * 60 * 60;

let courseId: number;
let demoId: number;
let buyId: number;
let courselessDemoId: number;

async function service(values: typeof courseServices.$inferInsert) {
  const [row] = await server.db.insert(courseServices).values(values).returning({ id: courseServices.id });
  if (!row) throw new Error('service not written');
  return row.id;
}

const streamsOf = (userId: number) =>
  server.db.select().from(userCourseStreams).where(eq(userCourseStreams.userId, userId));

/** Hour and minute of a moment on the wall clock of `timeZone`. */
function wallClock(seconds: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
  })
    .formatToParts(new Date(seconds * 1000))
    .filter((part) => part.type === 'hour' || part.type === 'minute')
    .map((part) => Number(part.value));
  return parts;
}

beforeAll(async () => {
  const course = await writeCourse(server.db, {
    title: 'Demo yoga',
    titleShort: 'Yoga',
    descriptionShort: 'Ten minutes a day',
    version: 3,
    stages: [{ title: 'Start', days: [{ title: 'Day 1', isDemoAccessible: true, lessonSets: [] }] }],
  });
  courseId = course.courseId;
  demoId = await service({ type: 'course_demo', title: 'Yoga demo', courseId, accessDays: 7 });
  buyId = await service({
    type: 'course_buy',
    title: 'Yoga',
    courseId,
    appstoreProducts: [{ code: 'com.example.yoga' }],
  });
  courselessDemoId = await service({ type: 'course_demo', title: 'Nothing behind it', courseId: null });
});

describe('GET /course-services/view', () => {
  it('answers a service with its course to any signed-in user', async () => {
    const { token } = await api.signUp('services-viewer');
    const result = await api.get(`/course-services/view?id=${buyId}&expand=course`, { token });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      id: buyId,
      type: 'course_buy',
      title: 'Yoga',
      course_id: courseId,
      course: {
        id: courseId,
        title: 'Demo yoga',
        title_short: 'Yoga',
        description_short: 'Ten minutes a day',
        version: 3,
      },
      appstore_products: [{ code: 'com.example.yoga' }],
    });
    const courseless = await api.get(`/course-services/view?id=${courselessDemoId}`, { token });
    expect(courseless.body.data).toMatchObject({ course_id: null, course: null, appstore_products: [] });
  });

  it('answers under both bases', async () => {
    const { token } = await api.signUp('services-bases');
    const response = await fetch(`${server.url}/spa/v2/course-services/view?id=${demoId}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-App-Id': 'web' },
    });
    expect(response.status).toBe(200);
  });

  it('404 for an unknown service, 422 "Id must be set" for a missing or bad id, 401 without a session', async () => {
    const { token } = await api.signUp('services-refusals');
    expect((await api.get('/course-services/view?id=2000000000', { token })).status).toBe(404);
    for (const query of ['', '?id=', '?id=abc', '?id=0', '?id=99999999999']) {
      const result = await api.get(`/course-services/view${query}`, { token });
      expect(result.status, query).toBe(422);
      expect(result.body.errors, query).toEqual({ id: ['Id must be set'] });
    }
    expect((await api.get(`/course-services/view?id=${demoId}`)).status).toBe(401);
  });
});

describe('POST /course-services/{id}/enrol-demo', () => {
  it("creates a demo stream without full access from the start of today for the service's days", async () => {
    const learner = await api.signUp('demo-newcomer');
    const result = await api.post(`/course-services/${demoId}/enrol-demo`, undefined, {
      token: learner.token,
    });
    expect(result.status).toBe(201);
    const stream = result.body.data;
    expect(stream).toMatchObject({
      course_id: courseId,
      is_demo: 1,
      course_full_access: 0,
      course_version: 3,
    });
    // A new account has no time zone: its days are UTC days.
    expect(stream.start_date % DAY_S).toBe(0);
    expect(Date.now() / 1000 - stream.start_date).toBeLessThan(DAY_S);
    expect(stream.end_date - stream.start_date).toBe(7 * DAY_S);
    const list = await api.get('/user-course-streams', { token: learner.token });
    expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([stream.id]);
  });

  it("starts the day in the learner's time zone", async () => {
    const learner = await api.signUp('demo-in-tokyo');
    await server.db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, learner.id));
    const result = await api.post(`/course-services/${demoId}/enrol-demo`, undefined, {
      token: learner.token,
    });
    expect(result.status).toBe(201);
    expect(wallClock(result.body.data.start_date, 'Asia/Tokyo')).toEqual([0, 0]);
  });

  it('409 once the learner has any stream, with nothing created', async () => {
    const learner = await api.signUp('demo-twice');
    expect(
      (await api.post(`/course-services/${demoId}/enrol-demo`, undefined, { token: learner.token })).status,
    ).toBe(201);
    const again = await api.post(`/course-services/${demoId}/enrol-demo`, undefined, {
      token: learner.token,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: 'You are already enrolled in a course.' });
    expect(await streamsOf(learner.id)).toHaveLength(1);

    const enrolled = await api.signUp('demo-already-learning');
    await enrol(server.db, { userId: enrolled.id, courseId, startDate: new Date(), endDate: null });
    const refused = await api.post(`/course-services/${demoId}/enrol-demo`, undefined, {
      token: enrolled.token,
      headers: { 'Accept-Language': 'es' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Ya estás inscrito en un curso.');
    expect(await streamsOf(enrolled.id)).toHaveLength(1);
  });

  it('403 on a brand without demo access, with nothing created', async () => {
    const learner = await api.signUp('demo-on-kite');
    const refused = await api.post(`/course-services/${demoId}/enrol-demo`, undefined, {
      token: learner.token,
      appId: 'kite-web',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: 'Демодоступ на этом сайте не предоставляется.' });
    expect(await streamsOf(learner.id)).toHaveLength(0);
  });

  it('calls at the same time create one stream', async () => {
    const learner = await api.signUp('demo-racer');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.post(`/course-services/${demoId}/enrol-demo`, undefined, { token: learner.token }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await streamsOf(learner.id)).toHaveLength(1);
  });

  it('a call waits for an enrolment of the same learner in progress, then sees its stream', async () => {
    const learner = await api.signUp('demo-waiter');
    // Another enrolment holds the learner's row while it writes the stream; the call comes meanwhile.
    const { call } = await server.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, learner.id)).for('update');
      const call = api.post(`/course-services/${demoId}/enrol-demo`, undefined, { token: learner.token });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await enrol(tx, { userId: learner.id, courseId, startDate: new Date(), endDate: null });
      return { call };
    });
    expect((await call).status).toBe(409);
    expect(await streamsOf(learner.id)).toHaveLength(1);
  });

  it('422 for a service that is not a demo or has no course, 404 for an unknown one, nothing created', async () => {
    const learner = await api.signUp('demo-refused');
    const notDemo = await api.post(`/course-services/${buyId}/enrol-demo`, undefined, {
      token: learner.token,
    });
    expect(notDemo.status).toBe(422);
    expect(notDemo.body.message).toBe('This service offers no demo course.');
    const courseless = await api.post(`/course-services/${courselessDemoId}/enrol-demo`, undefined, {
      token: learner.token,
    });
    expect(courseless.status).toBe(422);
    expect(
      (await api.post('/course-services/2000000000/enrol-demo', undefined, { token: learner.token })).status,
    ).toBe(404);
    const badId = await api.post('/course-services/abc/enrol-demo', undefined, { token: learner.token });
    expect(badId.status).toBe(422);
    expect(badId.body.errors).toEqual({ id: ['Id must be set'] });
    expect(await streamsOf(learner.id)).toHaveLength(0);
  });

  it('401 without a session', async () => {
    expect((await api.post(`/course-services/${demoId}/enrol-demo`)).status).toBe(401);
    expect(server.errors).toEqual([]);
  });
});
