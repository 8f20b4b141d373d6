import { fetchCourse } from '../../../api/courses';
import { fetchCourseDays } from '../../../api/days';
import { fetchStream, fetchStreamStatuses } from '../../../api/streams';
import type { AppEffects } from '../../../app/effects';
import type { Course } from '../../../domain/learning/course';
import type { Day } from '../../../domain/learning/day';
import type { CourseStream, StreamStatuses } from '../../../domain/learning/stream';
import * as tokenStorage from '../../../platform/tokenStorage';
import type { ApiClient } from '../../shell/app.provide';

/**
 * The reads of a stream's page the app opens on (its calendar or one of its days), started as the app
 * starts, beside the stored session's user: a learner opening a day from a reminder or a bookmark,
 * or reloading it, then waits for the signed-in pages' code and these reads side by side, not for
 * the code, the start lists and three rounds of calls in turn. The stream and its statuses go out at
 * once, the course and its days when the stream names its course.
 *
 * Each answer is kept for the session that asked (the stored token) and taken once, within
 * KEPT_FOR_MS: a later read, after a change the page made, asks the server again. A page that finds
 * nothing kept reads for itself, and an answer for it that comes later is not kept: a later read
 * would otherwise get what was read before the page's own.
 */
const KEPT_FOR_MS = 30_000;

type Kept = { token: string; until: number; answer: Promise<unknown> };
const kept = new Map<string, Kept>();
/** The keys a page has read for itself: too late to read ahead. */
const readByThePage = new Set<string>();

const keys = {
  stream: (streamId: number) => `stream ${streamId}`,
  statuses: (streamId: number) => `statuses ${streamId}`,
  days: (courseId: number) => `days ${courseId}`,
  course: (courseId: number) => `course ${courseId}`,
};

function keep<T>(key: string, token: string, read: () => Promise<T>): Promise<T> {
  const answer = read();
  // A failure reaches the page that takes the answer; one never taken is not an error.
  answer.catch(() => {});
  if (!readByThePage.has(key)) kept.set(key, { token, until: Date.now() + KEPT_FOR_MS, answer });
  return answer;
}

function take<T>(key: string): Promise<T> | null {
  const entry = kept.get(key);
  kept.delete(key);
  readByThePage.add(key);
  if (!entry || entry.until < Date.now() || entry.token !== tokenStorage.readToken()) return null;
  return entry.answer as Promise<T>;
}

/**
 * Called as the app starts with a stored session on the page of `streamId` (streamPage.ts), by the
 * session's start (shell/sessionStart.provide.ts), which loads this module only for such a page.
 */
export function readAheadOfPage(api: ApiClient, token: string, streamId: number): void {
  const stream = keep(keys.stream(streamId), token, () => fetchStream(api, streamId, token));
  keep(keys.statuses(streamId), token, () => fetchStreamStatuses(api, streamId, token));
  stream.then(
    ({ courseId }) => {
      keep(keys.days(courseId), token, () => fetchCourseDays(api, courseId, token));
      keep(keys.course(courseId), token, () => fetchCourse(api, courseId, [], token));
    },
    () => {},
  );
}

/** The stream as read ahead, else as read now. */
export const readStream = (effects: AppEffects, streamId: number): Promise<CourseStream> =>
  take<CourseStream>(keys.stream(streamId)) ?? fetchStream(effects.api, streamId);

/** The stream's statuses as read ahead, else as read now. */
export const readStreamStatuses = (effects: AppEffects, streamId: number): Promise<StreamStatuses> =>
  take<StreamStatuses>(keys.statuses(streamId)) ?? fetchStreamStatuses(effects.api, streamId);

/** The course's days as read ahead, else as read now. */
export const readCourseDays = (effects: AppEffects, courseId: number): Promise<Day[]> =>
  take<Day[]>(keys.days(courseId)) ?? fetchCourseDays(effects.api, courseId);

/** The course as read ahead, else as read now. */
export const readCourse = (effects: AppEffects, courseId: number): Promise<Course> =>
  take<Course>(keys.course(courseId)) ?? fetchCourse(effects.api, courseId);
