import * as v from 'valibot';
import type { courseServices } from '../../db/schema';
import { WireCourse } from '../courses/wire';

export type CourseServiceRow = typeof courseServices.$inferSelect;

/** What a school offers (content spec, section 3 "Service"), with its course when it has one. */
export const WireCourseService = v.object({
  id: v.number(),
  type: v.string(),
  title: v.string(),
  course_id: v.nullable(v.number()),
  course: v.nullable(WireCourse),
  appstore_products: v.array(v.object({ code: v.string() })),
});

export function toWireCourseService(
  service: CourseServiceRow,
  course: v.InferOutput<typeof WireCourse> | null,
): v.InferOutput<typeof WireCourseService> {
  return {
    id: service.id,
    type: service.type,
    title: service.title,
    course_id: service.courseId,
    course,
    appstore_products: service.appstoreProducts.map(({ code }) => ({ code })),
  };
}
