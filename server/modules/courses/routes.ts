import { asc } from 'drizzle-orm';
import * as v from 'valibot';
import { courses } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { idParam, idParamWith, plainLine } from '../../http/fields';
import { PagingQuery, sendData, sendPage } from '../../http/respond';
import { type ApiModule, dataAnswer, pageAnswer, route } from '../../http/route';
import { courseAnswers, dayAnswers, readExpand, stageAnswers } from './answers';
import { courseOutline, rememberForCourse } from './course-cache';
import {
  daysOfStage,
  findLearnersCourse,
  findLearnersDay,
  findLearnersStage,
  isLearnersCourse,
  stagesOfCourses,
  versionsOfLearnersCourses,
} from './queries';
import { toWireCourseVersion, WireCourse, WireCourseVersion, WireDay, WireStage } from './wire';

const courseIdParam = idParamWith('courseIdRequired');
const CourseParams = v.object({ courseId: courseIdParam });
const StageParams = v.object({ courseId: courseIdParam, stageId: idParam });
const DayParams = v.object({ courseId: courseIdParam, stageId: idParam, dayId: idParam });

// Text of one line like any other: a control character is refused, not read as part of a name.
const ExpandQuery = v.object({
  expand: v.optional(
    v.pipe(
      plainLine(0, 200),
      v.description('A comma list of documents, stages, lessons; other names are ignored.'),
    ),
  ),
});
const CourseListQuery = v.object({ ...PagingQuery.entries, ...ExpandQuery.entries });

/**
 * Courses as the learner reaches them: only courses of the learner's streams (any state), and
 * below a course only its own stages and days. Anything else answers 404 like a missing row.
 */
export const coursesModule: ApiModule = {
  tag: 'courses',
  description: "Courses as the learner's streams reach them: stages, days, lessons, documents and versions.",
  routes: [
    route({
      method: 'get',
      path: '/courses',
      summary: "The courses of the learner's streams (`expand`: documents, stages, lessons)",
      access: 'session',
      learnerData: true,
      query: CourseListQuery,
      answer: pageAnswer(WireCourse),
      async handle(c, { query, auth }, { db }) {
        const mine = isLearnersCourse(db, auth.user.id);
        const total = await db.$count(courses, mine);
        const rows = await db
          .select()
          .from(courses)
          .where(mine)
          .orderBy(asc(courses.id))
          .limit(query['per-page'])
          .offset((query.page - 1) * query['per-page']);
        return sendPage(c, query, total, await courseAnswers(db, rows, readExpand(query.expand)));
      },
    }),

    // Before `/courses/:courseId`, which would otherwise take "versions" for an id.
    route({
      method: 'get',
      path: '/courses/versions',
      summary: "The versions of the learner's courses and whether each is still supported",
      access: 'session',
      learnerData: true,
      answer: dataAnswer(v.array(WireCourseVersion)),
      async handle(c, { auth }, { db }) {
        const rows = await versionsOfLearnersCourses(db, auth.user.id);
        return sendData(c, rows.map(toWireCourseVersion));
      },
    }),

    route({
      method: 'get',
      path: '/courses/:courseId',
      summary: "One course of the learner's streams (`expand`: documents, stages, lessons)",
      access: 'session',
      learnerData: true,
      params: CourseParams,
      query: ExpandQuery,
      answer: dataAnswer(WireCourse),
      refusals: [404],
      async handle(c, { params, query, auth }, { db }) {
        const found = await findLearnersCourse(db, auth.user.id, params.courseId);
        if (!found) throw new ApiError(404, 'notFound');
        const [answer] = await courseAnswers(db, [found.course], readExpand(query.expand));
        return sendData(c, answer);
      },
    }),

    route({
      method: 'get',
      path: '/courses/:courseId/stages',
      summary: "A course's stages in order, each with its day ids",
      access: 'session',
      learnerData: true,
      params: CourseParams,
      answer: dataAnswer(v.array(WireStage)),
      refusals: [404],
      async handle(c, { params, auth }, { db }) {
        const found = await findLearnersCourse(db, auth.user.id, params.courseId);
        if (!found) throw new ApiError(404, 'notFound');
        return sendData(c, await stageAnswers(db, await stagesOfCourses(db, [found.course.id])));
      },
    }),

    route({
      method: 'get',
      path: '/courses/:courseId/days',
      summary: 'Every day of a course by day number, with their lesson sets, lessons and videos',
      description:
        "The server's own call: the days of every stage in one answer (each day names its `stage_id`), " +
        'so the calendar and the day page need one call where the stage-by-stage calls need one per stage.',
      access: 'session',
      learnerData: true,
      params: CourseParams,
      answer: dataAnswer(v.array(WireDay)),
      refusals: [404],
      async handle(c, { params, auth }, { db }) {
        const found = await findLearnersCourse(db, auth.user.id, params.courseId);
        if (!found) throw new ApiError(404, 'notFound');
        const course = { id: found.course.id, updatedAt: found.writtenAt };
        const days = await rememberForCourse(db, course, 'course-days', async () => {
          const { days } = await courseOutline(db, course.id, course.updatedAt);
          return dayAnswers(db, days);
        });
        return sendData(c, days);
      },
    }),

    route({
      method: 'get',
      path: '/courses/:courseId/stages/:stageId/days',
      summary: "A stage's days by day number, with their lesson sets, lessons and videos",
      access: 'session',
      learnerData: true,
      params: StageParams,
      answer: dataAnswer(v.array(WireDay)),
      refusals: [404],
      async handle(c, { params, auth }, { db }) {
        const stage = await findLearnersStage(db, auth.user.id, params.courseId, params.stageId);
        if (!stage) throw new ApiError(404, 'notFound');
        const course = { id: params.courseId, updatedAt: stage.courseUpdatedAt };
        const days = await rememberForCourse(db, course, `stage-days:${stage.id}`, async () =>
          dayAnswers(db, await daysOfStage(db, stage.id)),
        );
        return sendData(c, days);
      },
    }),

    route({
      method: 'get',
      path: '/courses/:courseId/stages/:stageId/days/:dayId',
      summary: 'One day of a stage, with its lesson sets, lessons and videos',
      access: 'session',
      learnerData: true,
      params: DayParams,
      answer: dataAnswer(WireDay),
      refusals: [404],
      async handle(c, { params, auth }, { db }) {
        const found = await findLearnersDay(db, auth.user.id, params);
        if (!found) throw new ApiError(404, 'notFound');
        const course = { id: params.courseId, updatedAt: found.courseUpdatedAt };
        const [answer] = await rememberForCourse(db, course, `day:${found.day.id}`, () =>
          dayAnswers(db, [found.day]),
        );
        return sendData(c, answer);
      },
    }),
  ],
};
