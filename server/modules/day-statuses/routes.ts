import * as v from 'valibot';
import { ApiError } from '../../http/errors';
import { idParam } from '../../http/fields';
import { sendData } from '../../http/respond';
import { type ApiModule, createdOnceAnswer, dataAnswer, route } from '../../http/route';
import { dayRefusal } from '../streams/day-access';
import { loadMyStream } from '../streams/queries';
import { dayProgress } from './day-progress';
import { IDEMPOTENCY_HEADER, IdempotencyHeaders, LessonStatBody, saveLessonStat } from './lesson-stats';
import { courseDay, dayLessonTotals, markDay, streamDayStatus } from './queries';
import { statisticRead } from './statistic-reads';
import { toWireDayStatus, WireDayProgress, WireDayStatus, WireLessonStat } from './wire';

const DayParams = v.object({ streamId: idParam, dayId: idParam });

/** Start or finish: only a day the learner may work on now (open stream, day not locked, delay passed). */
const dayMark = (finish: boolean) =>
  route({
    method: 'post',
    path: `/user-course-streams/:streamId/user-day-status/:dayId/${finish ? 'finish' : 'start'}`,
    summary: finish ? 'Finishes a day of the stream (starting it if needed)' : 'Starts a day of the stream',
    description: `Idempotent: ${finish ? 'finishing twice keeps the first finish' : 'starting twice keeps the first start'}. 403 when the day may not be worked on now: "The course is frozen." during a freeze, "Extend the course to resume access." when access has ended or stopped, "This day opens in the full version of the course." on a day a demo stream without full access leaves out, else "This day is not open yet." (the course has not started or the day's opening delay has not passed).`,
    access: 'session',
    learnerData: true,
    params: DayParams,
    answer: dataAnswer(WireDayStatus),
    refusals: [403, 404],
    async handle(c, { params, auth }, { db }) {
      const now = Date.now();
      const loaded = await loadMyStream(db, auth.user.id, params.streamId);
      const day = courseDay(loaded, params.dayId);
      const refusal = dayRefusal(loaded, day, now);
      if (refusal) throw new ApiError(403, refusal);
      return sendData(c, toWireDayStatus(await markDay(db, loaded.stream.id, day.id, finish, new Date(now))));
    },
  });

/** The learner's progress through days and lessons: day start and finish, lesson statistics. */
export const dayStatusesModule: ApiModule = {
  tag: 'day-statuses',
  description: "The learner's progress through days and lessons: day start and finish, lesson statistics.",
  routes: [
    dayMark(false),
    dayMark(true),

    route({
      method: 'get',
      path: '/user-course-streams/:streamId/user-day-status/:id/progress',
      summary: "A day's progress through its lessons",
      access: 'session',
      learnerData: true,
      params: v.object({ streamId: idParam, id: idParam }),
      answer: dataAnswer(WireDayProgress),
      refusals: [404],
      async handle(c, { params, auth }, { db }) {
        const loaded = await loadMyStream(db, auth.user.id, params.streamId);
        const status = await streamDayStatus(db, loaded.stream.id, params.id);
        const lessons = await dayLessonTotals(db, loaded.stream.id, status.dayId);
        return sendData(c, { id: status.id, stage_day_id: status.dayId, ...dayProgress(lessons) });
      },
    }),

    route({
      method: 'post',
      path: '/save-lesson-stat',
      summary: 'Adds viewed seconds and plays of one lesson of a day',
      description: `Creates or keeps the day status (started). Optional header ${IDEMPOTENCY_HEADER} (1..200 printable ASCII characters): a repeat with the same key by the same learner answers the first answer with 200 and changes nothing, whatever the values of its body (a body that is no statistic at all, such as invalid JSON or a missing field, is refused as any other). 403 as day start answers it, with the same texts: the course is frozen, its access has ended or stopped, the day opens in the full version of the course (a demo), or the day is not open yet.`,
      access: 'session',
      learnerData: true,
      body: LessonStatBody,
      headers: IdempotencyHeaders,
      answer: createdOnceAnswer(WireLessonStat),
      refusals: [403, 404],
      // Sent as lessons play: the stream is read by the statement that checks the session, or
      // remembered from the last statistic and checked again by the statement that counts.
      readWithSession: ({ body }, tokenHash, { db }) =>
        statisticRead(db, tokenHash, body.user_course_stream_id),
      async handle(c, { body, headers, read }, { db }) {
        const key = headers[IDEMPOTENCY_HEADER] ?? null;
        const { saved, replayed } = await saveLessonStat(db, read, body, key, Date.now());
        return sendData(c, saved, replayed ? 200 : 201);
      },
    }),
  ],
};
