import * as v from 'valibot';

/**
 * The wire shapes of the stream, day status and lesson statistic calls exactly as docs/API.md
 * documents them, written from the document (not from the server's or the app's schemas) and strict:
 * a field the server adds or drops without the document saying so fails these tests, where the app's
 * lenient schemas (tests/api/contract.ts) would let it through.
 */

const Flag = v.picklist([0, 1]);
const Seconds = v.pipe(v.number(), v.integer());
const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const Percent = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100));

export const WireFullStreamSchema = v.strictObject({
  id: Id,
  course_id: Id,
  start_date: Seconds,
  end_date: v.nullable(Seconds),
  status: v.picklist(['open', 'not_started', 'freeze', 'ended', 'stopped']),
  is_demo: Flag,
  course_version: v.number(),
  course_full_access: Flag,
  mobile_access: Flag,
  is_optional_purchase: Flag,
  chat_channel_id: v.nullable(v.number()),
  chat_status: v.nullable(v.string()),
  message_expires_date: v.nullable(Seconds),
  max_consultation_count: v.number(),
  filters: v.record(v.string(), v.unknown()),
  progress: v.strictObject({ days_count: v.number(), complete_days_count: v.number(), progress: Percent }),
  order: v.nullable(
    v.strictObject({ course_service: v.strictObject({ appstore_product_id: v.nullable(v.string()) }) }),
  ),
  user_course_stream_freeze: v.nullable(
    v.strictObject({ id: Id, status: v.picklist([0, 1, 2]), start_date: Seconds, end_date: Seconds }),
  ),
  payment_subscription_id: v.nullable(Id),
});

export const WireStreamStatusSchema = v.strictObject({
  stages: v.array(
    v.strictObject({ id: Id, stream_id: Id, status: v.picklist(['not_started', 'started', 'ended']) }),
  ),
  days: v.array(
    v.strictObject({
      stage_day_id: Id,
      day_status_id: v.nullable(Id),
      started_at: v.nullable(Seconds),
      finished_at: v.nullable(Seconds),
      is_open_by_time_delay: v.boolean(),
      opens_at: Seconds,
      is_demo_accessible: v.boolean(),
    }),
  ),
  lessons: v.array(
    v.strictObject({ lesson_set_lesson_id: Id, viewed_seconds: Seconds, play_count: Seconds }),
  ),
  homeworks: v.array(v.unknown()),
  consultations: v.array(v.unknown()),
  chat_channel_meta: v.null(),
  current_day: v.nullable(
    v.strictObject({
      stage_id: Id,
      day_id: Id,
      day_number: v.number(),
      title: v.string(),
      excerpt: v.string(),
    }),
  ),
});

export const WireDayStatusSchema = v.strictObject({
  id: Id,
  stream_id: Id,
  stage_day_id: Id,
  started_at: Seconds,
  finished_at: v.nullable(Seconds),
});

export const WireDayProgressSchema = v.strictObject({
  id: Id,
  stage_day_id: Id,
  lessons_count: v.number(),
  viewed_lessons_count: v.number(),
  viewed_seconds: Seconds,
  total_seconds: Seconds,
  progress: Percent,
});

export const WireLessonStatSchema = v.strictObject({ id: Id, dayStatusId: Id });
