/**
 * What a school offers (content spec, section 3 "Service"): a demo, a purchase or a subscription of
 * one course. The app reads the demo service after enrolling the learner in it.
 */

export type CourseServiceType = 'course_demo' | 'course_buy' | 'course_subscription';

export type CourseService = {
  id: number;
  /** The server's type as sent; the known ones are CourseServiceType. */
  type: string;
  title: string;
  /** From the embedded course when there is one, else the service's own course id. */
  courseId: number | null;
  /** The course as the service embeds it: enough to name it. */
  course: { id: number; title: string; caption: string; excerpt: string } | null;
  appstoreProductCodes: string[];
};
