import { and, asc, count, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { Db } from '../db/client';
import { courseStages, stageDays, userCourseStreams } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/context';
import { ApiError } from '../http/errors';
import { sendListPage } from '../http/list-page';
import { sendData } from '../http/respond';
import type { Services } from '../services/container';
import { toSeconds } from '../services/users';

function streamsWithDayCounts(db: Db) {
  const daysPerCourse = db
    .select({ courseId: courseStages.courseId, days: count(stageDays.id).as('days') })
    .from(courseStages)
    .innerJoin(stageDays, eq(stageDays.stageId, courseStages.id))
    .groupBy(courseStages.courseId)
    .as('days_per_course');
  return db
    .select({ stream: userCourseStreams, days: daysPerCourse.days })
    .from(userCourseStreams)
    .leftJoin(daysPerCourse, eq(daysPerCourse.courseId, userCourseStreams.courseId))
    .$dynamic();
}

type StreamRow = Awaited<ReturnType<ReturnType<typeof streamsWithDayCounts>['execute']>>[number];

function toWireStream({ stream, days }: StreamRow) {
  const daysCount = Number(days ?? 0);
  const complete = Math.min(stream.completeDaysCount, daysCount);
  return {
    id: stream.id,
    course_id: stream.courseId,
    start_date: toSeconds(stream.startDate),
    end_date: toSeconds(stream.endDate),
    status: stream.status,
    is_demo: stream.isDemo,
    course_version: stream.courseVersion,
    course_full_access: stream.courseFullAccess,
    mobile_access: stream.mobileAccess,
    is_optional_purchase: stream.isOptionalPurchase,
    progress: {
      days_count: daysCount,
      complete_days_count: complete,
      progress: daysCount === 0 ? 0 : Math.round((complete / daysCount) * 100),
    },
  };
}

/** The learner's course streams, scoped to the session's user. */
export function streamRoutes(services: Services) {
  const { db } = services;
  const mine = (c: Context<AppEnv>) => eq(userCourseStreams.userId, c.get('auth').user.id);

  const auth = requireAuth(services.sessions);

  return new Hono<AppEnv>()
    .get('/user-course-streams', auth, (c) =>
      sendListPage(c, db, {
        table: userCourseStreams,
        rows: streamsWithDayCounts(db),
        where: mine(c),
        orderBy: [asc(userCourseStreams.id)],
        toWire: toWireStream,
      }),
    )

    .get('/user-course-streams/:id', auth, async (c) => {
      const id = Number(c.req.param('id'));
      // Someone else's stream answers exactly like a missing one.
      const [row] = Number.isSafeInteger(id)
        ? await streamsWithDayCounts(db)
            .where(and(mine(c), eq(userCourseStreams.id, id)))
            .limit(1)
        : [];
      if (!row) throw new ApiError(404, 'notFound');
      return sendData(c, toWireStream(row));
    });
}
