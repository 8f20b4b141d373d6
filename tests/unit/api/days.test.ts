import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toDay, WireDaySchema } from '../../../src/api/days';
import { isDayBroken } from '../../../src/domain/learning/day';

const videoRef = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  type: 1,
  name: `video-${id}.mp4`,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  duration: 42,
  size_bytes: 1000,
  url: `/media/videos/${id}/video.mp4`,
  hls_playlist: `/media/videos/${id}/master.m3u8`,
  mp4_playlist: `/media/videos/${id}/video.mp4`,
  preview: `/media/videos/${id}/poster.jpg`,
  mp4_size_bytes: 500,
  preview_size_bytes: 40,
  subtitles: [
    { language_code: 'en', name: 'English', link: `/media/videos/${id}/subs/en.vtt`, size_bytes: 30 },
  ],
  survey_form_url: null,
  image_url: null,
  ...overrides,
});

const lesson = (id: number, title: string, video: unknown) => ({
  id,
  title,
  video_length: 42,
  training_options: [],
  local_video_file: video,
  local_description_video_file: null,
  vertical_video: null,
  vertical_description_video: null,
});

const wireDay = {
  id: 11,
  stage_id: 3,
  day_number: 2,
  title: 'Legs',
  description_short: 'Squats and lunges',
  day_of_rest: 0,
  opening_delay: 86_400,
  finish_total_time: 600,
  required_to_complete: 1,
  repeat_count: 4,
  is_demo_accessible: true,
  training_options: [],
  scores: 0,
  stage_day_homeworks: [],
  banners: [],
  lesson_sets: [
    {
      id: 22,
      sort: 2,
      repeat_count: 3,
      user_repeat_range_from: 2,
      user_repeat_range_to: null,
      lessons: [
        { id: 102, sort: 2, lesson: lesson(7, 'Lunge', videoRef(70)) },
        { id: 101, sort: 1, lesson: lesson(6, 'Squat (Analysis)', videoRef(60)) },
      ],
    },
    {
      id: 21,
      sort: 1,
      repeat_count: 1,
      user_repeat_range_from: null,
      user_repeat_range_to: null,
      lessons: [],
    },
  ],
};

const parse = (wire: unknown, warn = (_: string) => {}) => toDay(v.parse(WireDaySchema, wire), warn);

describe('day from the wire', () => {
  it('converts the fields, sorts sets and lessons and splits lesson titles', () => {
    const day = parse(wireDay);
    expect(day).toMatchObject({
      id: 11,
      stageId: 3,
      dayNumber: 2,
      excerpt: 'Squats and lunges',
      isDayOfRest: false,
      openingDelayMs: 86_400_000,
      // The day's own repeat count is kept beside its time, which it does not multiply.
      finishTotalTimeMs: 600_000,
      requiredToComplete: true,
      repeatCount: 4,
      isDemoAccessible: true,
    });
    expect(day.lessonSets.map((set) => set.id)).toEqual([21, 22]);
    const [first, second] = day.lessonSets[1]?.lessons ?? [];
    expect([first?.id, second?.id]).toEqual([101, 102]);
    expect(first?.lesson).toMatchObject({ title: 'Squat', subtitle: 'Analysis', durationMs: 42_000 });
    expect(day.lessonSets[1]).toMatchObject({
      repeatCount: 3,
      userRepeatRangeFrom: 2,
      userRepeatRangeTo: null,
    });
  });

  it('goes through a day once when the server sends no repeat count', () => {
    const { repeat_count: _, ...withoutCount } = wireDay;
    expect(parse(withoutCount).repeatCount).toBe(1);
    expect(parse({ ...wireDay, repeat_count: null }).repeatCount).toBe(1);
  });

  it('turns a video reference into a playable video with its subtitles', () => {
    const video = parse(wireDay).lessonSets[1]?.lessons[0]?.lesson.video;
    expect(video).toEqual({
      id: 60,
      name: 'video-60.mp4',
      hls: '/media/videos/60/master.m3u8',
      mp4: '/media/videos/60/video.mp4',
      poster: '/media/videos/60/poster.jpg',
      subtitles: [
        {
          languageCode: 'en',
          label: 'English',
          name: 'English',
          url: '/media/videos/60/subs/en.vtt',
          sizeBytes: 30,
        },
      ],
      durationMs: 42_000,
      mp4SizeBytes: 500,
      posterSizeBytes: 40,
    });
  });

  it('ignores a reference that is not a video, with a warning', () => {
    const warnings: string[] = [];
    const document = videoRef(80, {
      type: 4,
      hls_playlist: null,
      mp4_playlist: null,
      preview: null,
      subtitles: [],
    });
    const day = parse(
      {
        ...wireDay,
        lesson_sets: [
          { ...wireDay.lesson_sets[0], lessons: [{ id: 1, sort: 1, lesson: lesson(9, 'Doc', document) }] },
        ],
      },
      (message) => warnings.push(message),
    );
    expect(day.lessonSets[0]?.lessons[0]?.lesson.video).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('80');
  });

  it('reads missing sets, lessons and set entries as a day filled in incorrectly, not as a failed load', () => {
    const warnings: string[] = [];
    const [set] = wireDay.lesson_sets;
    expect(parse({ ...wireDay, lesson_sets: null }).lessonSets).toEqual([]);
    expect(parse({ ...wireDay, lesson_sets: [{ ...set, lessons: null }] }).lessonSets[0]?.lessons).toEqual(
      [],
    );
    const day = parse(
      { ...wireDay, lesson_sets: [{ ...set, lessons: [{ id: 5, sort: 1, lesson: null }] }] },
      (message) => warnings.push(message),
    );
    expect(day.lessonSets[0]?.lessons).toEqual([]);
    expect(isDayBroken(day)).toBe(true);
    expect(warnings).toEqual(['Lesson set entry 5 has no lesson; it is ignored.']);
  });

  it('plays the MP4 of a video the server has no HLS for', () => {
    const day = parse({
      ...wireDay,
      lesson_sets: [
        {
          ...wireDay.lesson_sets[0],
          lessons: [{ id: 1, sort: 1, lesson: lesson(9, 'Old', videoRef(90, { hls_playlist: null })) }],
        },
      ],
    });
    expect(day.lessonSets[0]?.lessons[0]?.lesson.video).toMatchObject({
      hls: null,
      mp4: '/media/videos/90/video.mp4',
    });
  });
});
