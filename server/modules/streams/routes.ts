import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { userCourseStreams } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { idParam, idParamWith } from '../../http/fields';
import { PagingQuery, sendData, sendPage } from '../../http/respond';
import { type ApiModule, dataAnswer, pageAnswer, route } from '../../http/route';
import { FiltersBody } from './filters';
import { cancelFreeze, createFreeze, FreezeBody } from './freeze';
import { loadMyStream, myStreams, myStreamsPage } from './queries';
import { streamStatusAnswer, streamStatusWithSession, WireStreamStatus } from './stream-status';
import { toWireStream, WireStream } from './wire';

/** The path id of the filters call, whose missing or invalid id the spec words differently. */
const streamIdParam = idParamWith('streamIdRequired');

/** Answers the learner's stream as it stands after a change. */
async function sendStream(c: Context<AppEnv>, db: Db, userId: number, streamId: number) {
  return sendData(c, toWireStream(await loadMyStream(db, userId, streamId), Date.now()));
}

/** The learner's course streams, scoped to the session's user. */
export const streamsModule: ApiModule = {
  tag: 'streams',
  description: "The learner's course streams: status, progress, freezes and calendar filters.",
  routes: [
    route({
      method: 'get',
      path: '/user-course-streams',
      summary: "The learner's course streams with their status and progress",
      access: 'session',
      learnerData: true,
      query: PagingQuery,
      answer: pageAnswer(WireStream),
      async handle(c, { query, auth }, { db }) {
        const [total, loaded] = await Promise.all([
          db.$count(userCourseStreams, myStreams(auth.user.id)),
          myStreamsPage(db, auth.user.id, query['per-page'], (query.page - 1) * query['per-page']),
        ]);
        const now = Date.now();
        return sendPage(
          c,
          query,
          total,
          loaded.map((stream) => toWireStream(stream, now)),
        );
      },
    }),

    route({
      method: 'get',
      path: '/user-course-streams/:id',
      summary: "One of the learner's course streams",
      access: 'session',
      learnerData: true,
      params: v.object({ id: idParam }),
      answer: dataAnswer(WireStream),
      refusals: [404],
      // Someone else's stream answers exactly like a missing one (the loader is scoped).
      handle: (c, { params, auth }, { db }) => sendStream(c, db, auth.user.id, params.id),
    }),

    route({
      method: 'get',
      path: '/user-course-streams/:id/status',
      summary: 'Where the learner stands in every stage, day and lesson of the stream',
      access: 'session',
      learnerData: true,
      params: v.object({ id: idParam }),
      answer: dataAnswer(WireStreamStatus),
      refusals: [404],
      // The calendar and the day page read it: one round trip, the session checked by its statement.
      readWithSession: ({ params }, tokenHash, { db }) => streamStatusWithSession(db, tokenHash, params.id),
      async handle(c, { read }, { db }) {
        return sendData(c, await streamStatusAnswer(db, read, Date.now()));
      },
    }),

    route({
      method: 'post',
      path: '/user-course-streams/:id/filters',
      summary: "Saves the calendar's view filters of the stream",
      access: 'session',
      learnerData: true,
      params: v.object({ id: streamIdParam }),
      body: FiltersBody,
      answer: dataAnswer(WireStream),
      refusals: [404],
      async handle(c, { params, body, auth }, { db }) {
        const [saved] = await db
          .update(userCourseStreams)
          .set({ filters: body.filters })
          .where(myStreams(auth.user.id, eq(userCourseStreams.id, params.id)))
          .returning({ id: userCourseStreams.id });
        if (!saved) throw new ApiError(404, 'notFound');
        return sendStream(c, db, auth.user.id, saved.id);
      },
    }),

    route({
      method: 'post',
      path: '/user-course-streams/:id/freeze/create',
      summary: 'Freezes the stream from the start of one calendar day to the end of another',
      description: `Dates are YYYY-MM-DD in the learner's time zone. 422 on start_date before today, on end_date not after start_date or after the stream's end; 422 with what the learner can do otherwise: "A demo course cannot be frozen.", "The course has not started yet: there is nothing to freeze.", "Extend the course to resume access." (ended or stopped), "The course already has a freeze. Cancel it to plan another." (one to come or running).`,
      access: 'session',
      learnerData: true,
      params: v.object({ id: idParam }),
      body: FreezeBody,
      answer: dataAnswer(WireStream),
      refusals: [404],
      async handle(c, { params, body, auth }, { db }) {
        await createFreeze(db, auth.user, params.id, body, Date.now());
        return sendStream(c, db, auth.user.id, params.id);
      },
    }),

    route({
      method: 'get',
      path: '/user-course-streams/:id/freeze/cancel',
      summary: 'Cancels the newest freeze still to come or running',
      description:
        'A GET that changes state, as the app calls it (a HEAD of it answers 405). 422 when there is no freeze to cancel.',
      changesState: true,
      access: 'session',
      learnerData: true,
      params: v.object({ id: idParam }),
      answer: dataAnswer(WireStream),
      refusals: [404],
      async handle(c, { params, auth }, { db }) {
        await cancelFreeze(db, auth.user.id, params.id, Date.now());
        return sendStream(c, db, auth.user.id, params.id);
      },
    }),
  ],
};
