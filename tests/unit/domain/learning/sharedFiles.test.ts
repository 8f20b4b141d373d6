import { describe, expect, it } from 'vitest';
import type { DownloadFile, DownloadRecord } from '../../../../src/domain/learning/download';
import { filesInUse, storedSize } from '../../../../src/domain/learning/sharedFiles';

/** Two lessons that play the same video, with its poster; each has subtitles of its own. */
const video: DownloadFile = { url: 'https://app.test/media/videos/4/video.mp4', sizeBytes: 9_000 };
const poster: DownloadFile = { url: 'https://app.test/media/videos/4/poster.jpg', sizeBytes: 500 };
const subtitles = (lessonId: number): DownloadFile => ({
  url: `https://app.test/media/files/${lessonId}/en.vtt`,
  sizeBytes: 100,
});
const filesOf = (lessonId: number) => [video, poster, subtitles(lessonId)];

const record = (lessonId: number, status: DownloadRecord['status']): DownloadRecord => ({
  lessonId,
  fileId: 4,
  streamId: 5,
  dayId: 12,
  courseTitle: 'Calm mind',
  lessonTitle: `Lesson ${lessonId}`,
  files: filesOf(lessonId),
  status,
  sizeBytes: 9_600,
  downloadedAt: null,
  code: null,
});

describe('filesInUse', () => {
  it('names the files the downloads of other lessons list, stored or on their way', () => {
    for (const status of ['loaded', 'loading', 'pending'] as const) {
      const inUse = filesInUse([record(31, 'loaded'), record(32, status)], 31);
      expect([...inUse].sort()).toEqual([poster.url, subtitles(32).url, video.url].sort());
    }
  });

  it('leaves out the lesson being removed and failed downloads, which hold nothing', () => {
    expect(filesInUse([record(31, 'loaded'), record(32, 'fail')], 31)).toEqual(new Set());
    expect(filesInUse([record(31, 'loaded')], 31)).toEqual(new Set());
  });
});

describe('storedSize', () => {
  const share = (lessonId: number, status: DownloadRecord['status'], bytes = 9_600) => ({
    status,
    files: filesOf(lessonId),
    bytes,
  });

  it('counts a file two stored downloads share once', () => {
    expect(storedSize([share(31, 'loaded'), share(32, 'loaded')])).toBe(9_600 + 100);
  });

  it('counts what a download on its way holds beyond the files counted already', () => {
    // The lesson on its way found the video and poster stored: they count among its bytes.
    expect(storedSize([share(32, 'loading', 9_550), share(31, 'loaded')])).toBe(9_600 + 50);
    // Not yet past the shared files: nothing of its own yet, never a file twice.
    expect(storedSize([share(31, 'loaded'), share(32, 'pending', 0)])).toBe(9_600);
  });

  it('counts nothing of failed downloads', () => {
    expect(storedSize([share(31, 'fail', 4_000), share(32, 'loaded')])).toBe(9_600);
  });
});
