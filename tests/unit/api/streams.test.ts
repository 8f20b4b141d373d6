import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  toCourseStream,
  toStreamStatuses,
  WireCourseStreamSchema,
  WireStreamStatusSchema,
} from '../../../src/api/streams';

const wireStream = {
  id: 5,
  course_id: 2,
  start_date: 1_900_000_000,
  end_date: 1_902_000_000,
  status: 'freeze',
  is_demo: 0,
  course_version: 3,
  course_full_access: 1,
  mobile_access: 1,
  is_optional_purchase: 0,
  chat_channel_id: null,
  chat_status: null,
  message_expires_date: null,
  max_consultation_count: 2,
  filters: { showFinished: false },
  progress: { days_count: 10, complete_days_count: 3, progress: 30 },
  order: { course_service: { appstore_product_id: 'com.example.course' } },
  user_course_stream_freeze: { id: 9, status: 1, start_date: 1_900_100_000, end_date: 1_900_500_000 },
  payment_subscription_id: null,
};

describe('streams wire', () => {
  it('turns a stream into the client entity: ms timestamps, booleans, the newest freeze by name', () => {
    const stream = toCourseStream(v.parse(WireCourseStreamSchema, wireStream));
    expect(stream).toMatchObject({
      id: 5,
      courseId: 2,
      startDate: 1_900_000_000_000,
      endDate: 1_902_000_000_000,
      status: 'freeze',
      isDemo: false,
      courseFullAccess: true,
      maxConsultationCount: 2,
      filters: { showFinished: false },
      progress: { daysCount: 10, completeDaysCount: 3, progress: 30 },
      appstoreProductId: 'com.example.course',
      freeze: { id: 9, status: 'active', startDate: 1_900_100_000_000, endDate: 1_900_500_000_000 },
    });
  });

  it('refuses a status the app does not know', () => {
    expect(v.safeParse(WireCourseStreamSchema, { ...wireStream, status: 'paused' }).success).toBe(false);
  });

  it('turns the stream status answer into day statuses and the current day', () => {
    const statuses = toStreamStatuses(
      v.parse(WireStreamStatusSchema, {
        stages: [{ id: 1, stream_id: 5, status: 'started' }],
        days: [
          {
            stage_day_id: 11,
            day_status_id: 4,
            started_at: 1_900_000_100,
            finished_at: null,
            is_open_by_time_delay: true,
            opens_at: 1_900_000_000,
            is_demo_accessible: false,
          },
          // The spec's default: open by time delay when the server leaves it out.
          { stage_day_id: 12, opens_at: 1_900_086_400 },
        ],
        lessons: [{ lesson_set_lesson_id: 3, viewed_seconds: 40, play_count: 1 }],
        homeworks: [],
        consultations: [],
        chat_channel_meta: null,
        current_day: { stage_id: 1, day_id: 12, day_number: 2, title: 'Day two', excerpt: null },
      }),
    );
    expect(statuses.days).toEqual([
      {
        stageDayId: 11,
        dayStatusId: 4,
        startedAt: 1_900_000_100_000,
        finishedAt: null,
        isOpenByTimeDelay: true,
        opensAt: 1_900_000_000_000,
        isDemoAccessible: false,
      },
      {
        stageDayId: 12,
        dayStatusId: null,
        startedAt: null,
        finishedAt: null,
        isOpenByTimeDelay: true,
        opensAt: 1_900_086_400_000,
        isDemoAccessible: false,
      },
    ]);
    expect(statuses.currentDay).toEqual({
      stageId: 1,
      dayId: 12,
      dayNumber: 2,
      title: 'Day two',
      excerpt: '',
    });
    expect(statuses.lessons).toEqual([{ lessonSetLessonId: 3, viewedSeconds: 40, playCount: 1 }]);
  });
});
