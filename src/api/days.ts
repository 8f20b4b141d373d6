import * as v from 'valibot';
import type { Day, Lesson, LessonSet, Video } from '../domain/learning/day';
import { splitLessonTitle } from '../domain/learning/lessonTitle';
import type { ApiClient } from './client';
import { flagToBoolean, secondsToMs, WireFlag } from './wire';

/** Media file type of a video (content spec, section 3 "Media file"). */
const VIDEO_FILE_TYPE = 1;

/** A lesson's video reference (wire contract "VideoRef"); the video fields are null for other files. */
export const WireVideoRefSchema = v.object({
  id: v.number(),
  type: v.number(),
  name: v.string(),
  url: v.nullish(v.string()),
  duration: v.nullish(v.number()),
  hls_playlist: v.nullish(v.string()),
  mp4_playlist: v.nullish(v.string()),
  preview: v.nullish(v.string()),
  mp4_size_bytes: v.nullish(v.number()),
  preview_size_bytes: v.nullish(v.number()),
  subtitles: v.optional(
    v.nullable(
      v.array(
        v.object({
          language_code: v.string(),
          name: v.string(),
          link: v.string(),
          size_bytes: v.nullish(v.number()),
        }),
      ),
    ),
  ),
});
type WireVideoRef = v.InferOutput<typeof WireVideoRefSchema>;

const WireLessonSchema = v.object({
  id: v.number(),
  title: v.string(),
  video_length: v.nullish(v.number()),
  local_video_file: v.nullish(WireVideoRefSchema),
  local_description_video_file: v.nullish(WireVideoRefSchema),
  vertical_video: v.nullish(WireVideoRefSchema),
  vertical_description_video: v.nullish(WireVideoRefSchema),
});

const WireLessonSetSchema = v.object({
  id: v.number(),
  sort: v.number(),
  repeat_count: v.number(),
  user_repeat_range_from: v.nullish(v.number()),
  user_repeat_range_to: v.nullish(v.number()),
  // Missing lessons are data filled in incorrectly, which the day page says as much of (isDayBroken),
  // not a failed load that a retry could mend.
  lessons: v.nullish(
    v.array(v.object({ id: v.number(), sort: v.number(), lesson: v.nullable(WireLessonSchema) })),
    [],
  ),
});

/** A course day (wire contract "Day"). */
export const WireDaySchema = v.object({
  id: v.number(),
  stage_id: v.number(),
  day_number: v.number(),
  title: v.nullish(v.string()),
  description_short: v.nullish(v.string()),
  day_of_rest: v.optional(WireFlag, 0),
  opening_delay: v.nullish(v.number()),
  finish_total_time: v.nullish(v.number()),
  required_to_complete: v.optional(WireFlag, 0),
  repeat_count: v.nullish(v.number()),
  is_demo_accessible: v.optional(WireFlag, false),
  lesson_sets: v.nullish(v.array(WireLessonSetSchema), []),
});
export type WireDay = v.InferOutput<typeof WireDaySchema>;

/** Reports a reference the app skips; the console by default, a caller may pass its own channel. */
export type WarnIgnored = (message: string) => void;
const warnInConsole: WarnIgnored = (message) => console.warn(message);

/**
 * A reference becomes a playable video only when it is of type video (content spec, section 3
 * "Lesson"); anything else is dropped and reported through `warn`. A video without HLS plays its
 * MP4; one with neither URL cannot play and counts as missing.
 */
function toVideo(wire: WireVideoRef | null | undefined, warn: WarnIgnored): Video | null {
  if (!wire) return null;
  if (wire.type !== VIDEO_FILE_TYPE) {
    warn(`Lesson video reference ${wire.id} is not a video (type ${wire.type}); it is ignored.`);
    return null;
  }
  const mp4 = wire.mp4_playlist ?? wire.url ?? null;
  if (!wire.hls_playlist && !mp4) {
    warn(`Lesson video reference ${wire.id} has no playable URL; it is ignored.`);
    return null;
  }
  return {
    id: wire.id,
    name: wire.name,
    hls: wire.hls_playlist ?? null,
    mp4: mp4 ?? '',
    poster: wire.preview ?? null,
    subtitles: (wire.subtitles ?? []).map((subtitle) => ({
      languageCode: subtitle.language_code,
      label: subtitle.name,
      name: subtitle.name,
      url: subtitle.link,
      ...(subtitle.size_bytes != null && { sizeBytes: subtitle.size_bytes }),
    })),
    durationMs: secondsToMs(wire.duration ?? 0),
    ...(wire.mp4_size_bytes != null && { mp4SizeBytes: wire.mp4_size_bytes }),
    ...(wire.preview_size_bytes != null && { posterSizeBytes: wire.preview_size_bytes }),
  };
}

function toLesson(wire: v.InferOutput<typeof WireLessonSchema>, warn: WarnIgnored): Lesson {
  return {
    id: wire.id,
    ...splitLessonTitle(wire.title),
    durationMs: secondsToMs(wire.video_length ?? 0),
    video: toVideo(wire.local_video_file, warn),
    descriptionVideo: toVideo(wire.local_description_video_file, warn),
    verticalVideo: toVideo(wire.vertical_video, warn),
    verticalDescriptionVideo: toVideo(wire.vertical_description_video, warn),
  };
}

const bySort = <T extends { sort: number }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.sort - b.sort);

function toLessonSet(wire: v.InferOutput<typeof WireLessonSetSchema>, warn: WarnIgnored): LessonSet {
  return {
    id: wire.id,
    sort: wire.sort,
    repeatCount: wire.repeat_count,
    userRepeatRangeFrom: wire.user_repeat_range_from ?? null,
    userRepeatRangeTo: wire.user_repeat_range_to ?? null,
    lessons: bySort(wire.lessons).flatMap(({ id, sort, lesson }) => {
      if (lesson) return [{ id, sort, lesson: toLesson(lesson, warn) }];
      warn(`Lesson set entry ${id} has no lesson; it is ignored.`);
      return [];
    }),
  };
}

/** Server form → client entity (content spec, section 3 "Day"); sets and lessons sorted by sort. */
export function toDay(wire: WireDay, warn: WarnIgnored = warnInConsole): Day {
  return {
    id: wire.id,
    stageId: wire.stage_id,
    dayNumber: wire.day_number,
    title: wire.title ?? '',
    excerpt: wire.description_short ?? '',
    isDayOfRest: flagToBoolean(wire.day_of_rest),
    openingDelayMs: secondsToMs(wire.opening_delay ?? 0),
    finishTotalTimeMs: secondsToMs(wire.finish_total_time ?? 0),
    requiredToComplete: flagToBoolean(wire.required_to_complete),
    repeatCount: wire.repeat_count ?? 1,
    isDemoAccessible: flagToBoolean(wire.is_demo_accessible),
    lessonSets: bySort(wire.lesson_sets).map((set) => toLessonSet(set, warn)),
  };
}

/**
 * GET /courses/{courseId}/days (the server's own call, docs/API.md): every day of the course by day
 * number, each naming its stage; one call where the stage-by-stage calls need one per stage. `token`
 * as for fetchStream.
 */
export async function fetchCourseDays(api: ApiClient, courseId: number, token?: string): Promise<Day[]> {
  const { data } = await api.request(v.array(WireDaySchema), `/courses/${courseId}/days`, { token });
  return data.map((day) => toDay(day)).sort((a, b) => a.dayNumber - b.dayNumber);
}
