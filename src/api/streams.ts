import * as v from 'valibot';
import { FREEZE_STATUSES } from '../domain/learning/freeze';
import type { CourseStream, StageProgressStatus, StreamStatuses } from '../domain/learning/stream';
import { STREAM_STATUSES } from '../domain/learning/streamStatus';
import type { ApiClient } from './client';
import { fetchAllPages } from './listPages';
import { toStream, WireStreamSchema } from './startLists';
import { flagToBoolean, nullableSecondsToMs, secondsToMs, WireFlag } from './wire';

/**
 * The learner's course streams as the learning screens read them (wire contract "Stream"), their
 * statuses, filters and freezes. Start-up reads the same list with the fields it needs
 * (startLists.ts); this module adds the rest.
 */

const WireFreezeSchema = v.object({
  id: v.number(),
  status: v.picklist([0, 1, 2]),
  start_date: v.number(),
  end_date: v.number(),
});

export const WireCourseStreamSchema = v.object({
  ...WireStreamSchema.entries,
  status: v.picklist(STREAM_STATUSES),
  chat_channel_id: v.nullish(v.number()),
  chat_status: v.nullish(v.string()),
  message_expires_date: v.nullish(v.number()),
  max_consultation_count: v.nullish(v.number()),
  filters: v.optional(v.nullable(v.record(v.string(), v.unknown()))),
  order: v.nullish(
    v.object({ course_service: v.nullish(v.object({ appstore_product_id: v.nullish(v.string()) })) }),
  ),
  user_course_stream_freeze: v.nullish(WireFreezeSchema),
  payment_subscription_id: v.nullish(v.number()),
});
type WireCourseStream = v.InferOutput<typeof WireCourseStreamSchema>;

export function toCourseStream(wire: WireCourseStream): CourseStream {
  const freeze = wire.user_course_stream_freeze;
  return {
    ...toStream(wire),
    status: wire.status,
    chatChannelId: wire.chat_channel_id ?? null,
    chatStatus: wire.chat_status ?? null,
    messageExpiresDate: nullableSecondsToMs(wire.message_expires_date),
    maxConsultationCount: wire.max_consultation_count ?? 0,
    filters: wire.filters ?? {},
    appstoreProductId: wire.order?.course_service?.appstore_product_id ?? null,
    freeze: freeze
      ? {
          id: freeze.id,
          status: FREEZE_STATUSES[freeze.status],
          startDate: secondsToMs(freeze.start_date),
          endDate: secondsToMs(freeze.end_date),
        }
      : null,
    paymentSubscriptionId: wire.payment_subscription_id ?? null,
  };
}

const STAGE_STATUSES = ['not_started', 'started', 'ended'] as const satisfies readonly StageProgressStatus[];

export const WireStreamStatusSchema = v.object({
  stages: v.array(v.object({ id: v.number(), stream_id: v.number(), status: v.picklist(STAGE_STATUSES) })),
  days: v.array(
    v.object({
      stage_day_id: v.number(),
      day_status_id: v.nullish(v.number()),
      started_at: v.nullish(v.number()),
      finished_at: v.nullish(v.number()),
      // The spec's default when the server leaves it out (section 3 "Day").
      is_open_by_time_delay: v.optional(WireFlag, true),
      opens_at: v.number(),
      is_demo_accessible: v.optional(WireFlag, false),
    }),
  ),
  lessons: v.array(
    v.object({ lesson_set_lesson_id: v.number(), viewed_seconds: v.number(), play_count: v.number() }),
  ),
  current_day: v.nullish(
    v.object({
      stage_id: v.number(),
      day_id: v.number(),
      day_number: v.number(),
      title: v.nullish(v.string()),
      excerpt: v.nullish(v.string()),
    }),
  ),
});

export function toStreamStatuses(wire: v.InferOutput<typeof WireStreamStatusSchema>): StreamStatuses {
  const current = wire.current_day;
  return {
    stages: wire.stages.map((stage) => ({ id: stage.id, status: stage.status })),
    days: wire.days.map((day) => ({
      stageDayId: day.stage_day_id,
      dayStatusId: day.day_status_id ?? null,
      startedAt: nullableSecondsToMs(day.started_at),
      finishedAt: nullableSecondsToMs(day.finished_at),
      isOpenByTimeDelay: flagToBoolean(day.is_open_by_time_delay),
      opensAt: secondsToMs(day.opens_at),
      isDemoAccessible: flagToBoolean(day.is_demo_accessible),
    })),
    lessons: wire.lessons.map((lesson) => ({
      lessonSetLessonId: lesson.lesson_set_lesson_id,
      viewedSeconds: lesson.viewed_seconds,
      playCount: lesson.play_count,
    })),
    currentDay: current
      ? {
          stageId: current.stage_id,
          dayId: current.day_id,
          dayNumber: current.day_number,
          title: current.title ?? '',
          excerpt: current.excerpt ?? '',
        }
      : null,
  };
}

export async function fetchStreams(api: ApiClient): Promise<CourseStream[]> {
  const streams = await fetchAllPages(api, WireCourseStreamSchema, '/user-course-streams');
  return streams.map(toCourseStream);
}

/** `token` reads with a session that is not the client's yet (the page's read-ahead as the app starts). */
export async function fetchStream(api: ApiClient, streamId: number, token?: string): Promise<CourseStream> {
  const { data } = await api.request(WireCourseStreamSchema, `/user-course-streams/${streamId}`, { token });
  return toCourseStream(data);
}

export async function fetchStreamStatuses(
  api: ApiClient,
  streamId: number,
  token?: string,
): Promise<StreamStatuses> {
  const { data } = await api.request(WireStreamStatusSchema, `/user-course-streams/${streamId}/status`, {
    token,
  });
  return toStreamStatuses(data);
}

export async function saveStreamFilters(
  api: ApiClient,
  streamId: number,
  filters: Readonly<Record<string, unknown>>,
): Promise<CourseStream> {
  const { data } = await api.request(WireCourseStreamSchema, `/user-course-streams/${streamId}/filters`, {
    method: 'POST',
    body: { filters },
  });
  return toCourseStream(data);
}

/** Freeze dates are calendar days `YYYY-MM-DD` in the learner's time zone. */
export type FreezeDates = { startDate: string; endDate: string };

export async function createFreeze(
  api: ApiClient,
  streamId: number,
  dates: FreezeDates,
): Promise<CourseStream> {
  const { data } = await api.request(
    WireCourseStreamSchema,
    `/user-course-streams/${streamId}/freeze/create`,
    { method: 'POST', body: { start_date: dates.startDate, end_date: dates.endDate } },
  );
  return toCourseStream(data);
}

export async function cancelFreeze(api: ApiClient, streamId: number): Promise<CourseStream> {
  const { data } = await api.request(
    WireCourseStreamSchema,
    `/user-course-streams/${streamId}/freeze/cancel`,
  );
  return toCourseStream(data);
}
