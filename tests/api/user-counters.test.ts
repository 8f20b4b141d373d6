import { describe, expect, it } from 'vitest';
import { userDayStatuses, userLessonStatuses } from '../../server/db/schema';
import { WireUserSchema } from '../../src/api/user';
import { expectWire } from './contract';
import { serverForFile } from './harness';
import { createLearningFixture, type LearningFixture } from './learning-fixture';

const { server, api } = serverForFile();

/** Writes what watching does: a running total per lesson of the fixture's first day. */
async function watch(fixture: LearningFixture, seconds: readonly number[]) {
  const lessons = fixture.days[0].lessonSetLessonIds;
  await server.db.insert(userLessonStatuses).values(
    seconds.map((viewedSeconds, index) => ({
      streamId: fixture.streamId,
      lessonSetLessonId: lessons[index] as number,
      viewedSeconds,
    })),
  );
}

const finishDays = (fixture: LearningFixture, count: number) =>
  server.db
    .insert(userDayStatuses)
    .values(
      fixture.days
        .slice(0, count)
        .map((day) => ({ streamId: fixture.streamId, dayId: day.id, finishedAt: new Date() })),
    );

const countersOf = async (token: string) =>
  expectWire(WireUserSchema, (await api.get('/user?expand=statistics', { token })).body).statistics;

describe('GET /user?expand=statistics', () => {
  it('counts the hours and lessons watched and the courses whose every day is finished, only the learner’s own', async () => {
    const learner = await api.signUp('counted-learner');
    const other = await api.signUp('counted-other');
    const finished = await createLearningFixture(server.db, {
      userId: learner.id,
      label: 'Counted finished',
    });
    const started = await createLearningFixture(server.db, { userId: learner.id, label: 'Counted started' });
    const others = await createLearningFixture(server.db, { userId: other.id, label: 'Counted others' });
    expect(await countersOf(learner.token)).toMatchObject({
      viewed_hours: 0,
      viewed_lessons: 0,
      completed_courses: 0,
    });

    await watch(finished, [3600, 1800]);
    await watch(started, [0]);
    await watch(others, [7200]);
    await finishDays(finished, 3);
    await finishDays(started, 2);
    await finishDays(others, 3);

    expect(await countersOf(learner.token)).toMatchObject({
      viewed_hours: 1.5,
      viewed_lessons: 2,
      completed_courses: 1,
      completed_tasks: 0,
    });
    expect(await countersOf(other.token)).toMatchObject({
      viewed_hours: 2,
      viewed_lessons: 1,
      completed_courses: 1,
    });
  });
});
