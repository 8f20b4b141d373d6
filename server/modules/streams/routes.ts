import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { userCourseStreams } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { idParam } from '../../http/fields';
import { sendListPage } from '../../http/list-page';
import { PagingQuery, sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, pageAnswer, route } from '../../http/route';
import { streamsWithDayCounts } from './queries';
import { toWireStream, WireStream } from './wire';

const mine = (userId: number) => eq(userCourseStreams.userId, userId);

/** The learner's course streams, scoped to the session's user. */
export const streamsModule: ApiModule = {
  tag: 'streams',
  description: "The learner's course streams.",
  routes: [
    route({
      method: 'get',
      path: '/user-course-streams',
      summary: "The learner's course streams with their progress",
      access: 'session',
      learnerData: true,
      query: PagingQuery,
      answer: pageAnswer(WireStream),
      handle: (c, { query, auth }, { db }) =>
        sendListPage(c, db, query, {
          table: userCourseStreams,
          rows: streamsWithDayCounts(db),
          where: mine(auth.user.id),
          orderBy: [asc(userCourseStreams.id)],
          toWire: toWireStream,
        }),
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
      async handle(c, { params, auth }, { db }) {
        // Someone else's stream answers exactly like a missing one.
        const [row] = await streamsWithDayCounts(db)
          .where(and(mine(auth.user.id), eq(userCourseStreams.id, params.id)))
          .limit(1);
        if (!row) throw new ApiError(404, 'notFound');
        return sendData(c, toWireStream(row));
      },
    }),
  ],
};
