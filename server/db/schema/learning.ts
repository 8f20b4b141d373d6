import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, flag, moment } from './columns';

/** Courses as a school publishes them (stages, days, lessons) and each learner's stream through one. */

export const courses = pgTable('courses', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
});

export const courseStages = pgTable(
  'course_stages',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('course_stages_course_id_idx').on(t.courseId)],
);

export const stageDays = pgTable(
  'stage_days',
  {
    id: serial('id').primaryKey(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => courseStages.id),
    dayNumber: integer('day_number').notNull(),
    title: text('title').notNull(),
  },
  (t) => [index('stage_days_stage_id_idx').on(t.stageId)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    dayId: integer('day_id')
      .notNull()
      .references(() => stageDays.id),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('lessons_day_id_idx').on(t.dayId)],
);

export const userCourseStreams = pgTable(
  'user_course_streams',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    startDate: moment('start_date').notNull(),
    endDate: moment('end_date').notNull(),
    /** Stored access state: active, freeze or stopped; the app derives open/not_started/ended from dates. */
    status: text('status').notNull().default('active'),
    isDemo: flag('is_demo'),
    courseVersion: integer('course_version').notNull().default(1),
    courseFullAccess: flag('course_full_access'),
    mobileAccess: flag('mobile_access'),
    isOptionalPurchase: flag('is_optional_purchase'),
    completeDaysCount: integer('complete_days_count').notNull().default(0),
  },
  (t) => [
    index('user_course_streams_user_id_idx').on(t.userId),
    index('user_course_streams_course_id_idx').on(t.courseId),
  ],
);
