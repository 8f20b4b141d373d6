import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ApiClient, RequestOptions } from '../../../src/api/client';
import { finishDay, saveLessonStat, startDay } from '../../../src/api/dayStatuses';

/** An API client that answers every call with `data` (parsed by the call's schema) and keeps the calls. */
function fakeApi(data: unknown) {
  const calls: { path: string; options: RequestOptions | undefined }[] = [];
  const api: ApiClient = {
    request: async (schema, path, options) => {
      calls.push({ path, options });
      return { data: v.parse(schema, data), headers: new Headers() };
    },
  };
  return { api, calls };
}

/** A statistic of lesson 301 of day 12 of stream 5: the tests change what they are about. */
const statistic = { streamId: 5, dayId: 12, lessonSetLessonId: 301, viewedSeconds: 3, playCount: 0 };

describe('day status calls', () => {
  it('start and finish a day of a stream, with times in ms', async () => {
    const { api, calls } = fakeApi({
      id: 4,
      stream_id: 5,
      stage_day_id: 12,
      started_at: 100,
      finished_at: null,
    });
    expect(await startDay(api, 5, 12)).toEqual({
      id: 4,
      streamId: 5,
      stageDayId: 12,
      startedAt: 100_000,
      finishedAt: null,
    });
    await finishDay(api, 5, 12);
    expect(calls.map((call) => [call.options?.method, call.path])).toEqual([
      ['POST', '/user-course-streams/5/user-day-status/12/start'],
      ['POST', '/user-course-streams/5/user-day-status/12/finish'],
    ]);
  });

  it("saves a lesson statistic with the entry's idempotency key", async () => {
    const { api, calls } = fakeApi({ id: 9, dayStatusId: 4 });
    const saved = await saveLessonStat(api, {
      ...statistic,
      viewedSeconds: 8,
      playCount: 1,
      idempotencyKey: 'entry-key',
    });
    expect(saved).toEqual({ id: 9, dayStatusId: 4 });
    expect(calls[0]?.options).toMatchObject({
      method: 'POST',
      headers: { 'Idempotency-Key': 'entry-key' },
      body: {
        stage_day_id: 12,
        user_course_stream_id: 5,
        stage_day_lesson_set_lesson_id: 301,
        viewed_seconds: 8,
        play_count: 1,
      },
    });
    // A lesson played without its day's page knows no day status: the optional field is left out.
    expect(calls[0]?.options?.body).not.toHaveProperty('day_status');
  });

  it("tells the day's progress when the entry has it", async () => {
    const { api, calls } = fakeApi({ id: 10, dayStatusId: 4 });
    await saveLessonStat(api, { ...statistic, dayStatus: 'ended', idempotencyKey: 'another-key' });
    expect(calls[0]?.options?.body).toEqual({
      stage_day_id: 12,
      user_course_stream_id: 5,
      stage_day_lesson_set_lesson_id: 301,
      viewed_seconds: 3,
      play_count: 0,
      day_status: 'ended',
    });
  });

  it('reads a reply without a day status id as null, for the caller to report', async () => {
    const { api } = fakeApi({ id: 9 });
    expect(await saveLessonStat(api, { ...statistic, idempotencyKey: 'k' })).toEqual({
      id: 9,
      dayStatusId: null,
    });
  });
});
