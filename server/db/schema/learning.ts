import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, flag, moment } from './columns';

/**
 * Courses as a school publishes them and each learner's stream through one (content spec, section 3).
 * Course → stages → days → lesson sets → lessons (through lesson_set_lessons, whose id is the
 * contract's `stage_day_lesson_set_lesson_id`). A stream's status and progress are never stored:
 * they follow from its dates, freezes, the learner's subscriptions and day statuses through the
 * pure rules in src/domain/learning, so there is one source of truth.
 */

/** A stored file: type 1 video, 2 image, 3 sound, 4 document, 5 subtitle (section 3, "Media file"). */
export const mediaFiles = pgTable('media_files', {
  id: serial('id').primaryKey(),
  type: smallint('type').notNull().default(4),
  /** The name the learner sees, e.g. the PDF's title. */
  name: text('name').notNull(),
  /** Folder or file under the data folder's media root, relative; never shown on the wire. */
  storagePath: text('storage_path').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/** A transcoded video: a media file of type 1 whose folder holds the HLS ladder, the MP4 and a poster. */
export const videos = pgTable('videos', {
  id: serial('id').primaryKey(),
  mediaFileId: integer('media_file_id')
    .notNull()
    .unique()
    .references(() => mediaFiles.id, { onDelete: 'cascade' }),
  durationSeconds: integer('duration_seconds').notNull(),
  /** What the transcode wrote (server/infra/media/transcode.ts VideoManifest), paths relative to the folder. */
  manifest: jsonb('manifest').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    titleShort: text('title_short').notNull().default(''),
    descriptionShort: text('description_short').notNull().default(''),
    category: text('category'),
    categoryId: integer('category_id'),
    complexity: integer('complexity'),
    consultationLimit: integer('consultation_limit'),
    mainImageFileId: integer('main_image_file_id').references(() => mediaFiles.id),
    backgroundImageFileId: integer('background_image_file_id').references(() => mediaFiles.id),
    demoVideoFileId: integer('demo_video_file_id').references(() => mediaFiles.id),
    version: integer('version').notNull().default(1),
    isDemoDocumentsAccessible: flag('is_demo_documents_accessible').default(1),
    isDemoExpertMessageEnabled: flag('is_demo_expert_message_enabled').default(1),
    isDemoUserMessageEnabled: flag('is_demo_user_message_enabled').default(1),
    isDemoOfflineModeAccessible: flag('is_demo_offline_mode_accessible').default(1),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  // The media access check looks courses up by the files they show.
  (t) => [
    index('courses_main_image_file_id_idx').on(t.mainImageFileId),
    index('courses_background_image_file_id_idx').on(t.backgroundImageFileId),
    index('courses_demo_video_file_id_idx').on(t.demoVideoFileId),
  ],
);

/** Course versions still served; a stream on a version not listed is offered the update modal. */
export const courseVersions = pgTable(
  'course_versions',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** 1 while streams on this version can still be extended. */
    isSupported: flag('is_supported').default(1),
  },
  (t) => [uniqueIndex('course_versions_course_version_idx').on(t.courseId, t.version)],
);

/** A course's documents (the materials page): only those with a url or a file reach the wire. */
export const courseDocuments = pgTable(
  'course_documents',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url'),
    fileId: integer('file_id').references(() => mediaFiles.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('course_documents_course_id_idx').on(t.courseId),
    index('course_documents_file_id_idx').on(t.fileId),
  ],
);

export const courseStages = pgTable(
  'course_stages',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
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
      .references(() => courseStages.id, { onDelete: 'cascade' }),
    /** 1-based across the whole course: the day route's `{dayNumber}`. */
    dayNumber: integer('day_number').notNull(),
    title: text('title').notNull(),
    descriptionShort: text('description_short').notNull().default(''),
    dayOfRest: flag('day_of_rest'),
    /** Seconds after the stream's start before the day opens (isOpenByTimeDelay). */
    openingDelaySeconds: integer('opening_delay_seconds').notNull().default(0),
    isDemoAccessible: flag('is_demo_accessible'),
    /** Seconds of lessons the day takes; the wire sends seconds, the app shows ms. */
    finishTotalTime: integer('finish_total_time').notNull().default(0),
    requiredToComplete: flag('required_to_complete').default(1),
    /** How many times the day is gone through (content spec, "Day"); each lesson set has its own count too. */
    repeatCount: integer('repeat_count').notNull().default(1),
  },
  (t) => [index('stage_days_stage_id_idx').on(t.stageId)],
);

export const lessonSets = pgTable(
  'lesson_sets',
  {
    id: serial('id').primaryKey(),
    dayId: integer('day_id')
      .notNull()
      .references(() => stageDays.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    repeatCount: integer('repeat_count').notNull().default(1),
    userRepeatRangeFrom: integer('user_repeat_range_from'),
    userRepeatRangeTo: integer('user_repeat_range_to'),
  },
  (t) => [index('lesson_sets_day_id_idx').on(t.dayId)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** May end in a bracketed marker such as "(theory)", which the app splits off as a subtitle. */
    title: text('title').notNull(),
    videoLengthSeconds: integer('video_length').notNull().default(0),
    localVideoFileId: integer('local_video_file_id').references(() => mediaFiles.id),
    localDescriptionVideoFileId: integer('local_description_video_file_id').references(() => mediaFiles.id),
    verticalVideoFileId: integer('vertical_video_file_id').references(() => mediaFiles.id),
    verticalDescriptionVideoFileId: integer('vertical_description_video_file_id').references(
      () => mediaFiles.id,
    ),
  },
  (t) => [
    index('lessons_course_id_idx').on(t.courseId),
    index('lessons_local_video_file_id_idx').on(t.localVideoFileId),
    index('lessons_local_description_video_file_id_idx').on(t.localDescriptionVideoFileId),
    index('lessons_vertical_video_file_id_idx').on(t.verticalVideoFileId),
    index('lessons_vertical_description_video_file_id_idx').on(t.verticalDescriptionVideoFileId),
  ],
);

/** A lesson's place in a set; its id is the contract's `stage_day_lesson_set_lesson_id`. */
export const lessonSetLessons = pgTable(
  'lesson_set_lessons',
  {
    id: serial('id').primaryKey(),
    lessonSetId: integer('lesson_set_id')
      .notNull()
      .references(() => lessonSets.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('lesson_set_lessons_set_idx').on(t.lessonSetId),
    index('lesson_set_lessons_lesson_idx').on(t.lessonId),
  ],
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
    /** Null: no end. */
    endDate: moment('end_date'),
    isDemo: flag('is_demo'),
    courseVersion: integer('course_version').notNull().default(1),
    courseFullAccess: flag('course_full_access'),
    mobileAccess: flag('mobile_access').default(1),
    isOptionalPurchase: flag('is_optional_purchase'),
    chatChannelId: integer('chat_channel_id'),
    chatStatus: text('chat_status'),
    messageExpiresDate: moment('message_expires_date'),
    maxConsultationCount: integer('max_consultation_count').notNull().default(0),
    /** The calendar's view filters, kept as the app sent them. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    appstoreProductId: text('appstore_product_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_course_streams_user_id_idx').on(t.userId),
    index('user_course_streams_course_id_idx').on(t.courseId),
  ],
);

/** A freeze of a stream: status 0 Created, 1 Active, 2 Canceled. */
export const streamFreezes = pgTable(
  'user_course_stream_freezes',
  {
    id: serial('id').primaryKey(),
    streamId: integer('stream_id')
      .notNull()
      .references(() => userCourseStreams.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    startDate: moment('start_date').notNull(),
    endDate: moment('end_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_course_stream_freezes_stream_idx').on(t.streamId)],
);

/** A learner's start and finish of one day of a stream; finished days make the progress. */
export const userDayStatuses = pgTable(
  'user_day_statuses',
  {
    id: serial('id').primaryKey(),
    streamId: integer('stream_id')
      .notNull()
      .references(() => userCourseStreams.id, { onDelete: 'cascade' }),
    dayId: integer('day_id')
      .notNull()
      .references(() => stageDays.id, { onDelete: 'cascade' }),
    startedAt: moment('started_at').notNull().defaultNow(),
    finishedAt: moment('finished_at'),
  },
  (t) => [
    uniqueIndex('user_day_statuses_stream_day_idx').on(t.streamId, t.dayId),
    index('user_day_statuses_day_idx').on(t.dayId),
  ],
);

/** Running totals per lesson of a stream, what the player resumes from. */
export const userLessonStatuses = pgTable(
  'user_lesson_statuses',
  {
    id: serial('id').primaryKey(),
    streamId: integer('stream_id')
      .notNull()
      .references(() => userCourseStreams.id, { onDelete: 'cascade' }),
    lessonSetLessonId: integer('lesson_set_lesson_id')
      .notNull()
      .references(() => lessonSetLessons.id, { onDelete: 'cascade' }),
    viewedSeconds: integer('viewed_seconds').notNull().default(0),
    playCount: integer('play_count').notNull().default(0),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_lesson_statuses_stream_lesson_idx').on(t.streamId, t.lessonSetLessonId),
    index('user_lesson_statuses_lesson_idx').on(t.lessonSetLessonId),
  ],
);

/**
 * Every accepted `save-lesson-stat`, one row each. The idempotency key, when the app sends one, is
 * unique per learner: a retry after a lost answer finds the first row instead of counting twice.
 *
 * Its one reference is its day status: deleting a stream or a day deletes the day statuses and, with
 * them, their statistics. The learner, stream, day and lesson are the route's to check (the stream is
 * the learner's, the lesson is in the day of its course) and are written from the same values as the
 * day status, so they carry no references of their own: each would make every statistic take a share
 * lock on its row, and the rows of a course's days and lessons are shared by all its learners, whose
 * statistics then queue behind each other's locks. The reference is checked when the transaction
 * commits (DEFERRABLE INITIALLY DEFERRED, migration 0008, which the schema builder cannot say): a
 * statistic is written before the day status it starts (lesson-stats.ts).
 */
export const dayStatistics = pgTable(
  'day_statistics',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    streamId: integer('stream_id').notNull(),
    dayId: integer('day_id').notNull(),
    lessonSetLessonId: integer('lesson_set_lesson_id').notNull(),
    dayStatusId: integer('day_status_id')
      .notNull()
      .references(() => userDayStatuses.id, { onDelete: 'cascade' }),
    /** What the app said of the day when it sent the statistic (e.g. started, ended). */
    dayStatus: text('day_status'),
    viewedSeconds: integer('viewed_seconds').notNull(),
    playCount: integer('play_count').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    // The cascade from day statuses finds their statistics through it.
    index('day_statistics_day_status_idx').on(t.dayStatusId),
    uniqueIndex('day_statistics_idempotency_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);
