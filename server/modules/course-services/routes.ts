import * as v from 'valibot';
import { brandOffers } from '../../http/brand-flag';
import { ApiError } from '../../http/errors';
import { idParam, optionalLine } from '../../http/fields';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';
import { courseAnswers } from '../courses/answers';
import { loadMyStream } from '../streams/queries';
import { toWireStream, WireStream } from '../streams/wire';
import { enrolInDemo, findCourse, findService } from './queries';
import { toWireCourseService, WireCourseService } from './wire';

/** `?id=`: missing or not an id answers "Id must be set", as the path ids do. */
const ViewQuery = v.object({
  id: v.optional(idParam, ''),
  // The app asks for relations (course, childs.course, ...); the course always comes, so it is only checked.
  expand: v.optional(optionalLine(200)),
});

export const courseServicesModule: ApiModule = {
  tag: 'course-services',
  description: 'What a school offers (services) and the demo enrolment.',
  routes: [
    route({
      method: 'get',
      path: '/course-services/view',
      summary: 'One service of the school, with its course',
      description: 'Open to any signed-in user: services are what the school offers, not learner data.',
      access: 'session',
      query: ViewQuery,
      answer: dataAnswer(WireCourseService),
      refusals: [404],
      async handle(c, { query }, { db }) {
        const service = await findService(db, query.id);
        if (!service) throw new ApiError(404, 'notFound');
        const course = service.courseId === null ? undefined : await findCourse(db, service.courseId);
        const [wireCourse] = course ? await courseAnswers(db, [course], new Set()) : [];
        return sendData(c, toWireCourseService(service, wireCourse ?? null));
      },
    }),

    route({
      method: 'post',
      path: '/course-services/:id/enrol-demo',
      summary: "Enrols the learner in the service's demo course",
      description:
        'Only for a course_demo service (422 otherwise) and a learner without any stream (409): a demo ' +
        "stream without full access, from the start of today in the learner's time zone, for the service's access days. " +
        'Refused (403) on a brand whose flags say it has no demo access (`isDemoAccessible`).',
      access: 'session',
      precondition: brandOffers('isDemoAccessible', 'demoClosed'),
      params: v.object({ id: idParam }),
      answer: dataAnswer(WireStream, 201),
      refusals: [403, 404, 409],
      async handle(c, { params, auth }, { db }) {
        const now = Date.now();
        const streamId = await enrolInDemo(db, auth.user.id, params.id, now);
        return sendData(c, toWireStream(await loadMyStream(db, auth.user.id, streamId), now), 201);
      },
    }),
  ],
};
