/**
 * Signed-in support (content spec, "Support category", "Tech question"): the topics, the learner's
 * courses a question can be about, and which choices send a one-tap renewal instead of a message.
 */
import type { BrandConfig } from '../../brands/index';

export type SupportCategory = { id: number; sort: number; title: string };

/** A course the learner can ask about: their stream and its course's title. */
export type SupportCourse = { streamId: number; title: string };

/** The `streamId` path segment of a question about no course: /support/{categoryId}/none. */
export const NOT_ABOUT_A_COURSE = 'none';

/** A stream id, or a question about no course. */
export type CourseChoice = number | typeof NOT_ABOUT_A_COURSE;

/** What the learner has chosen so far; null where the choice is still open. */
export type SupportChoice = { categoryId: number | null; course: CourseChoice | null };

export const NO_CHOICE: SupportChoice = { categoryId: null, course: null };

/** The categories whose request needs no message: renewing a course, renewing consultations. */
export const renewalCategoryIds = (ids: BrandConfig['supportCategoryIds']): number[] => [
  ids.renewCourse,
  ids.renewConsultation,
];

/**
 * Keeps only choices the lists offer (a URL may name a retired topic or someone else's stream): an
 * unknown topic asks for the topic again, an unknown course asks for the course again.
 */
export function offeredChoice(
  choice: SupportChoice,
  categories: readonly SupportCategory[],
  courses: readonly SupportCourse[],
): SupportChoice {
  if (!categories.some((category) => category.id === choice.categoryId)) return NO_CHOICE;
  const { course } = choice;
  const offered = course === NOT_ABOUT_A_COURSE || courses.some((item) => item.streamId === course);
  return { categoryId: choice.categoryId, course: offered ? course : null };
}

export const sameChoice = (a: SupportChoice, b: SupportChoice) =>
  a.categoryId === b.categoryId && a.course === b.course;

/** A renewal is one tap: a renewal topic about one of the learner's courses. */
export const isRenewalChoice = (choice: SupportChoice, renewalIds: readonly number[]): boolean =>
  choice.categoryId !== null && typeof choice.course === 'number' && renewalIds.includes(choice.categoryId);

/** The support page of a choice: /support, /support/{categoryId} or /support/{categoryId}/{streamId|none}. */
export function supportPath({ categoryId, course }: SupportChoice): string {
  if (categoryId === null) return '/support';
  return course === null ? `/support/${categoryId}` : `/support/${categoryId}/${course}`;
}

/**
 * Path segments to a choice: a positive whole number, `none`, or nothing chosen. A segment that is
 * none of these reads as 0, an id no list offers: the page then puts the choice it shows in the
 * address, as for a topic or stream it does not offer (`offeredChoice`), instead of keeping a path
 * that names nothing.
 */
export function choiceFromPath(categoryId: string | undefined, streamId: string | undefined): SupportChoice {
  const id = (text: string) => (/^\d{1,10}$/.test(text) ? Number(text) : UNREADABLE_ID);
  if (categoryId === undefined) return NO_CHOICE;
  const categoryFromPath = id(categoryId);
  if (categoryFromPath === UNREADABLE_ID) return { categoryId: UNREADABLE_ID, course: null };
  if (streamId === undefined) return { categoryId: categoryFromPath, course: null };
  return {
    categoryId: categoryFromPath,
    course: streamId === NOT_ABOUT_A_COURSE ? NOT_ABOUT_A_COURSE : id(streamId),
  };
}

/** What an unreadable path segment reads as: ids are positive, so no list offers it. */
const UNREADABLE_ID = 0;

/** Each stream with its course's title; a stream whose course is not listed is named by its id. */
export function supportCourses(
  streams: readonly { id: number; courseId: number }[],
  courses: readonly { id: number; title: string }[],
): SupportCourse[] {
  return streams.map((stream) => ({
    streamId: stream.id,
    title: courses.find((course) => course.id === stream.courseId)?.title ?? `#${stream.id}`,
  }));
}
