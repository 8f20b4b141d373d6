import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { Course, Stage } from '../../src/domain/learning/course';
import type { Day } from '../../src/domain/learning/day';
import type { CourseStream, StreamStatuses } from '../../src/domain/learning/stream';
import { DAY_MS } from '../../src/domain/limits';

/** Sample learning data for the model suites, dated around the moment the suite starts. */

export const START = Date.now();
export const daysFromNow = (days: number) => START + days * DAY_MS;

export const course = (id: number, title: string): Course => ({
  id,
  title,
  titleShort: title,
  excerpt: `${title}: the caption`,
  category: null,
  mainImage: null,
  backgroundImage: null,
  consultationLimit: null,
  version: 2,
  isDemoDocumentsAccessible: false,
  isDemoExpertMessageEnabled: false,
  isDemoUserMessageEnabled: false,
  isDemoOfflineModeAccessible: false,
  documents: null,
});

export const stream = (overrides: Partial<CourseStream> = {}): CourseStream => ({
  id: 1,
  courseId: 1,
  startDate: daysFromNow(-10),
  endDate: daysFromNow(20.5),
  status: 'open',
  isDemo: false,
  isOptionalPurchase: false,
  courseVersion: 2,
  courseFullAccess: true,
  mobileAccess: true,
  chatChannelId: null,
  chatStatus: null,
  messageExpiresDate: null,
  maxConsultationCount: 0,
  filters: {},
  progress: { daysCount: 10, completeDaysCount: 4, progress: 40 },
  appstoreProductId: null,
  freeze: null,
  paymentSubscriptionId: null,
  ...overrides,
});

export const day = (id: number, stageId: number, dayNumber: number, overrides: Partial<Day> = {}): Day => ({
  id,
  stageId,
  dayNumber,
  title: `Day title ${dayNumber}`,
  excerpt: '',
  isDayOfRest: false,
  openingDelayMs: 0,
  finishTotalTimeMs: 0,
  requiredToComplete: false,
  repeatCount: 1,
  isDemoAccessible: false,
  lessonSets: [],
  ...overrides,
});

export const stage = (id: number, title: string, dayIds: number[]): Stage => ({
  id,
  courseId: 1,
  title,
  sort: id,
  dayIds,
});

/** Day statuses: `finished` and `started` days by id, every day open since the stream's start. */
export const statuses = (
  dayIds: readonly number[],
  progress: { finished?: number[]; started?: number[]; currentDayId?: number | null; closed?: number[] } = {},
): StreamStatuses => ({
  stages: [],
  days: dayIds.map((id) => ({
    stageDayId: id,
    dayStatusId: progress.started?.includes(id) || progress.finished?.includes(id) ? id * 10 : null,
    startedAt: progress.started?.includes(id) || progress.finished?.includes(id) ? daysFromNow(-2) : null,
    finishedAt: progress.finished?.includes(id) ? daysFromNow(-1) : null,
    isOpenByTimeDelay: !progress.closed?.includes(id),
    opensAt: progress.closed?.includes(id) ? daysFromNow(3) : daysFromNow(-10),
    isDemoAccessible: false,
  })),
  lessons: [],
  currentDay:
    progress.currentDayId == null
      ? null
      : { stageId: 1, dayId: progress.currentDayId, dayNumber: 1, title: '', excerpt: '' },
});

/**
 * What the calendar, a day and the materials show for a stream that is not the learner's: one page
 * that says so, with the way to their courses and nothing to retry.
 */
export function seesCourseNotAvailable(): void {
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This course is not available');
  expect(screen.getByRole('link', { name: 'Go to my courses' }).getAttribute('href')).toBe('/courses');
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
}
