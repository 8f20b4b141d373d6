import { describe, expect, it } from 'vitest';
import {
  type Day,
  dayLessons,
  isDayBroken,
  type Lesson,
  lessonDescriptionVideo,
  lessonVideo,
  type Video,
} from '../../../../src/domain/learning/day';

const video = (id: number): Video => ({
  id,
  name: `v${id}`,
  hls: `/media/videos/${id}/master.m3u8`,
  mp4: `/media/videos/${id}/video.mp4`,
  poster: null,
  subtitles: [],
  durationMs: 1000,
});

const lesson = (overrides: Partial<Lesson> = {}): Lesson => ({
  id: 1,
  title: 'Squat',
  subtitle: null,
  durationMs: 1000,
  video: video(1),
  descriptionVideo: null,
  verticalVideo: null,
  verticalDescriptionVideo: null,
  ...overrides,
});

const day = (overrides: Partial<Day> = {}): Day => ({
  id: 1,
  stageId: 1,
  dayNumber: 1,
  title: '',
  excerpt: '',
  isDayOfRest: false,
  openingDelayMs: 0,
  finishTotalTimeMs: 0,
  requiredToComplete: false,
  repeatCount: 1,
  isDemoAccessible: true,
  lessonSets: [
    {
      id: 1,
      sort: 1,
      repeatCount: 1,
      userRepeatRangeFrom: null,
      userRepeatRangeTo: null,
      lessons: [{ id: 10, sort: 1, lesson: lesson() }],
    },
  ],
  ...overrides,
});

describe('a day filled in incorrectly', () => {
  it('is not a day with lessons that all have a video', () => {
    expect(isDayBroken(day())).toBe(false);
  });

  it('is a day without lesson sets, a set without lessons, or without one lesson that has a video', () => {
    expect(isDayBroken(day({ lessonSets: [] }))).toBe(true);
    const [set] = day().lessonSets;
    if (!set) throw new Error('fixture has a set');
    expect(isDayBroken(day({ lessonSets: [{ ...set, lessons: [] }] }))).toBe(true);
    const withoutVideo = { id: 11, sort: 2, lesson: lesson({ id: 2, video: null }) };
    expect(isDayBroken(day({ lessonSets: [{ ...set, lessons: [withoutVideo] }] }))).toBe(true);
    // A lesson without its video among others: the others still play, the lesson says so itself.
    expect(isDayBroken(day({ lessonSets: [set, { ...set, id: 2, lessons: [withoutVideo] }] }))).toBe(false);
  });

  it('is never a rest day, which has no lessons', () => {
    expect(isDayBroken(day({ isDayOfRest: true, lessonSets: [] }))).toBe(false);
  });
});

describe('lesson videos', () => {
  it('plays the vertical video on narrow screens and falls back to the main one', () => {
    const both = lesson({
      verticalVideo: video(2),
      descriptionVideo: video(3),
      verticalDescriptionVideo: video(4),
    });
    expect(lessonVideo(both, true)?.id).toBe(2);
    expect(lessonVideo(both, false)?.id).toBe(1);
    expect(lessonVideo(lesson(), true)?.id).toBe(1);
    expect(lessonDescriptionVideo(both, true)?.id).toBe(4);
    expect(lessonDescriptionVideo(both, false)?.id).toBe(3);
    expect(lessonDescriptionVideo(lesson(), false)).toBeNull();
  });

  it('lists the lessons of every set in order', () => {
    expect(dayLessons(day()).map((item) => item.id)).toEqual([10]);
  });
});
