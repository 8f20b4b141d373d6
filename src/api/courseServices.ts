import * as v from 'valibot';
import type { CourseService } from '../domain/courseService';
import type { Stream } from '../domain/startLists';
import type { ApiClient } from './client';
import { toStream, WireStreamSchema } from './startLists';

/**
 * The school's services (wire contract, "Course services"): one service with its course, and the
 * demo enrolment that gives a learner without streams the demo course.
 */

/** The few course fields a service's course is read for; the rest of the course is not needed here. */
const WireServiceCourseSchema = v.object({
  id: v.number(),
  title: v.string(),
  title_short: v.nullish(v.string()),
  description_short: v.nullish(v.string()),
});

export const WireCourseServiceSchema = v.object({
  id: v.number(),
  type: v.string(),
  title: v.string(),
  course_id: v.nullish(v.number()),
  course: v.nullish(WireServiceCourseSchema),
  appstore_products: v.optional(v.array(v.object({ code: v.string() })), []),
});

export function toCourseService(wire: v.InferOutput<typeof WireCourseServiceSchema>): CourseService {
  const course = wire.course ?? null;
  return {
    id: wire.id,
    type: wire.type,
    title: wire.title,
    courseId: course?.id ?? wire.course_id ?? null,
    course: course && {
      id: course.id,
      title: course.title,
      caption: course.title_short ?? '',
      excerpt: course.description_short ?? '',
    },
    appstoreProductCodes: wire.appstore_products.map((product) => product.code),
  };
}

export async function fetchCourseService(api: ApiClient, id: number): Promise<CourseService> {
  const { data } = await api.request(WireCourseServiceSchema, '/course-services/view', {
    query: { id, expand: 'course' },
  });
  return toCourseService(data);
}

/** The demo stream the server created (201); 409 when the learner already has a stream. */
export async function enrolInDemo(api: ApiClient, serviceId: number): Promise<Stream> {
  const { data } = await api.request(WireStreamSchema, `/course-services/${serviceId}/enrol-demo`, {
    method: 'POST',
  });
  return toStream(data);
}
