import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { courses, stageDays } from '../../server/db/schema';
import type { Account } from './client';
import { expectWire } from './contract';
import { serverForFile } from './harness';
import { createLearningFixture, type LearningFixture } from './learning-fixture';
import { WireStreamStatusSchema } from './streams-wire';

// The server keeps each course's outline and day answers in memory, keyed by the course's updated_at:
// a course written again (by the importer in another process, say) is read afresh on its next use.
const { server, api } = serverForFile();

let learner: Account;
let course: LearningFixture;

beforeAll(async () => {
  learner = await api.signUp('outline-learner');
  course = await createLearningFixture(server.db, { userId: learner.id, label: 'Outline' });
});

const statusDays = async () => {
  const answer = await api.get(`/user-course-streams/${course.streamId}/status`, { token: learner.token });
  return expectWire(WireStreamStatusSchema, answer.body).days.map((day) => day.stage_day_id);
};

const stageDayTitles = async (stageId: number) => {
  const answer = await api.get(`/courses/${course.courseId}/stages/${stageId}/days`, {
    token: learner.token,
  });
  expect(answer.status).toBe(200);
  return (answer.body.data as { title: string }[]).map((day) => day.title);
};

const courseDayTitles = async () => {
  const answer = await api.get(`/courses/${course.courseId}/days`, { token: learner.token });
  expect(answer.status).toBe(200);
  return (answer.body.data as { title: string }[]).map((day) => day.title);
};

it('shows a day added to a course once the course says it was written', async () => {
  const before = await statusDays();
  expect(before).toEqual(course.days.map((day) => day.id));
  const [stageOfLastDay] = await server.db
    .select({ stageId: stageDays.stageId, dayNumber: stageDays.dayNumber })
    .from(stageDays)
    .where(eq(stageDays.id, before[before.length - 1] ?? 0));
  if (!stageOfLastDay) throw new Error('the fixture has no days');
  const titlesBefore = await stageDayTitles(stageOfLastDay.stageId);
  const courseTitlesBefore = await courseDayTitles();
  const [added] = await server.db
    .insert(stageDays)
    .values({ stageId: stageOfLastDay.stageId, dayNumber: stageOfLastDay.dayNumber + 1, title: 'Added day' })
    .returning({ id: stageDays.id });
  await server.db
    .update(courses)
    .set({ updatedAt: new Date(Date.now() + 1000) })
    .where(eq(courses.id, course.courseId));
  expect(await statusDays()).toEqual([...before, added?.id]);
  expect(await stageDayTitles(stageOfLastDay.stageId)).toEqual([...titlesBefore, 'Added day']);
  expect(await courseDayTitles()).toEqual([...courseTitlesBefore, 'Added day']);
});
