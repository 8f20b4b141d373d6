import { describe, expect, it } from 'vitest';
import type { Lesson, Video } from '../../../../src/domain/learning/day';
import {
  downloadedVideo,
  downloadLessonOf,
  downloadPercent,
  downloadSize,
  hasRoomFor,
  lessonFiles,
  offersDownloads,
  validateDownload,
} from '../../../../src/domain/learning/download';

const video = (id: number, extra: Partial<Video> = {}): Video => ({
  id,
  name: `video-${id}.mp4`,
  hls: `/media/videos/${id}/master.m3u8`,
  mp4: `/media/videos/${id}/video.mp4`,
  poster: `/media/videos/${id}/poster.jpg`,
  subtitles: [
    { languageCode: 'en', label: 'English', name: 'English', url: `/media/videos/${id}/subs/en.vtt` },
  ],
  durationMs: 60_000,
  mp4SizeBytes: 5_000,
  ...extra,
});

const lesson = (extra: Partial<Lesson> = {}): Lesson => ({
  id: 3,
  title: 'Warm-up',
  subtitle: '',
  durationMs: 60_000,
  video: video(1),
  descriptionVideo: null,
  verticalVideo: null,
  verticalDescriptionVideo: null,
  ...extra,
});

describe('lessonFiles', () => {
  it('stores the MP4 with its subtitles and poster, as absolute URLs, with the known size', () => {
    expect(lessonFiles(lesson(), 'https://app.test')).toEqual([
      { url: 'https://app.test/media/videos/1/video.mp4', sizeBytes: 5_000 },
      { url: 'https://app.test/media/videos/1/subs/en.vtt', sizeBytes: null },
      { url: 'https://app.test/media/videos/1/poster.jpg', sizeBytes: null },
    ]);
  });

  it("takes the subtitles' and poster's sizes when the server reports them", () => {
    const reported = video(1, {
      posterSizeBytes: 700,
      subtitles: [
        {
          languageCode: 'en',
          label: 'English',
          name: 'English',
          url: '/media/videos/1/subs/en.vtt',
          sizeBytes: 90,
        },
      ],
    });
    expect(lessonFiles(lesson({ video: reported }), 'https://app.test')).toEqual([
      { url: 'https://app.test/media/videos/1/video.mp4', sizeBytes: 5_000 },
      { url: 'https://app.test/media/videos/1/subs/en.vtt', sizeBytes: 90 },
      { url: 'https://app.test/media/videos/1/poster.jpg', sizeBytes: 700 },
    ]);
  });

  it('adds the vertical and description variants, each file once', () => {
    const files = lessonFiles(
      lesson({
        verticalVideo: video(2),
        descriptionVideo: video(4, { poster: null, subtitles: [] }),
        verticalDescriptionVideo: video(2),
      }),
      'https://app.test',
    );
    expect(files.map((file) => file.url.replace('https://app.test/media/videos/', ''))).toEqual([
      '1/video.mp4',
      '1/subs/en.vtt',
      '1/poster.jpg',
      '2/video.mp4',
      '2/subs/en.vtt',
      '2/poster.jpg',
      '4/video.mp4',
    ]);
  });
});

describe('sizes and room', () => {
  it('counts every measured file', () => {
    expect(
      downloadSize([
        { url: 'a', sizeBytes: 5_000 },
        { url: 'b', sizeBytes: 120 },
        { url: 'c', sizeBytes: null },
      ]),
    ).toBe(5_120);
  });

  it('asks for 1.1 times the size beyond what is used', () => {
    expect(hasRoomFor({ quota: 11_000, usage: 0 }, 10_000)).toBe(true);
    expect(hasRoomFor({ quota: 11_000, usage: 1 }, 10_000)).toBe(false);
    expect(hasRoomFor({ quota: 100_000, usage: 90_000 }, 10_000)).toBe(false);
  });

  it('does not refuse when the browser cannot estimate', () => {
    expect(hasRoomFor({}, 10_000)).toBe(true);
  });

  it('gives progress in whole percent, 0 while the total is unknown', () => {
    expect(downloadPercent(455, 1000)).toBe(45);
    expect(downloadPercent(2000, 1000)).toBe(100);
    expect(downloadPercent(10, 0)).toBe(0);
  });
});

describe('offersDownloads', () => {
  it('needs the brand flag, and on demo streams the course flag', () => {
    const demoOff = { isDemoOfflineModeAccessible: false };
    expect(offersDownloads(false, { isDemo: false }, null)).toBe(false);
    expect(offersDownloads(true, { isDemo: false }, demoOff)).toBe(true);
    expect(offersDownloads(true, { isDemo: true }, demoOff)).toBe(false);
    expect(offersDownloads(true, { isDemo: true }, { isDemoOfflineModeAccessible: true })).toBe(true);
    expect(offersDownloads(true, { isDemo: true }, null)).toBe(true);
  });
});

describe('download validation', () => {
  it("uses the spec's missing-parameter messages", () => {
    const files = lessonFiles(lesson(), 'https://app.test');
    expect(validateDownload({ files: [], fileId: 1 })).toBe('Url must be set');
    expect(validateDownload({ files, fileId: null })).toBe('FileId must be set');
    expect(validateDownload({ files, fileId: 1 })).toBeNull();
  });

  it('names the lesson, its main video and where the learner meets it', () => {
    const where = { streamId: 5, dayId: 12, courseTitle: 'Strong back' };
    const item = { id: 40, sort: 1, lesson: lesson({ subtitle: 'theory' }) };
    expect(downloadLessonOf(item, where, 'https://app.test')).toMatchObject({
      lessonId: 3,
      fileId: 1,
      lessonTitle: 'Warm-up (theory)',
      ...where,
      // Kept whole, so the stored lesson plays without the day's answer.
      item,
    });
  });
});

it('plays a downloaded video from its MP4', () => {
  expect(downloadedVideo(video(1))).toMatchObject({ hls: null, mp4: '/media/videos/1/video.mp4' });
});
