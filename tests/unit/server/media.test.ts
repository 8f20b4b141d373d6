import { existsSync } from 'node:fs';
import { mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FfmpegError,
  parseMediaDescription,
  probeMedia,
  progressParser,
  runFfmpeg,
} from '../../../server/infra/media/ffmpeg';
import { makeTestVideo, writeTestSubtitles } from '../../../server/infra/media/test-media';
import {
  parseMediaPlaylist,
  planLadder,
  transcodeVideo,
  UnreadableVideoError,
  type VideoManifest,
} from '../../../server/infra/media/transcode';

const SECONDS = 3;
let work: string;
let manifest: VideoManifest;
let output: string;
const progress: number[] = [];

/** Types of the top-level MP4 boxes, in file order (reads only each box's 8- or 16-byte header). */
async function topLevelBoxes(path: string): Promise<string[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const types: string[] = [];
    const header = Buffer.alloc(16);
    for (let offset = 0; offset < size; ) {
      await file.read(header, 0, 16, offset);
      const short = header.readUInt32BE(0);
      const length = short === 1 ? Number(header.readBigUInt64BE(8)) : short === 0 ? size - offset : short;
      types.push(header.toString('latin1', 4, 8));
      if (length < 8) break;
      offset += length;
    }
    return types;
  } finally {
    await file.close();
  }
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'media-test-'));
  const source = join(work, 'source.mp4');
  await makeTestVideo(source, { width: 640, height: 360, seconds: SECONDS });
  await writeTestSubtitles(join(work, 'en.vtt'), ['Hello', 'Welcome to the lesson'], SECONDS);
  await writeTestSubtitles(join(work, 'ru.vtt'), ['Привет', 'Добро пожаловать на урок'], SECONDS);
  output = join(work, 'out', 'lesson-1');
  manifest = await transcodeVideo({
    source,
    outputDir: output,
    subtitles: [
      { path: join(work, 'en.vtt'), languageCode: 'en', name: 'English' },
      { path: join(work, 'ru.vtt'), languageCode: 'ru', name: 'Русский' },
    ],
    onProgress: (fraction) => progress.push(fraction),
  });
}, 30_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('transcodeVideo', () => {
  it('describes a ladder of the source height and half of it, never upscaled', () => {
    expect(manifest.durationSeconds).toBeCloseTo(SECONDS, 0);
    expect(manifest.renditions.map(({ width, height }) => `${width}x${height}`)).toEqual([
      '320x180',
      '640x360',
    ]);
    expect(planLadder({ width: 1920, height: 1080 })).toEqual([
      { width: 640, height: 360 },
      { width: 1280, height: 720 },
    ]);
  });

  it('writes a master playlist with both renditions and the subtitle group', async () => {
    const master = await readFile(join(output, manifest.master), 'utf8');
    const variants = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(2);
    for (const [index, rendition] of manifest.renditions.entries()) {
      expect(variants[index]).toContain(`RESOLUTION=${rendition.width}x${rendition.height}`);
      expect(variants[index]).toMatch(/BANDWIDTH=\d+,/);
      expect(variants[index]).toMatch(/CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"/);
      expect(variants[index]).toContain('SUBTITLES="subtitles"');
      expect(master).toContain(`\n${rendition.playlist}\n`);
    }
    for (const language of ['en', 'ru']) {
      expect(master).toContain(`#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subtitles",LANGUAGE="${language}",`);
      expect(master).toContain(`URI="subtitles/${language}.m3u8"`);
    }
  });

  it('cuts each rendition into fMP4 segments that exist', async () => {
    for (const rendition of manifest.renditions) {
      const text = await readFile(join(output, rendition.playlist), 'utf8');
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      const { init, segments } = parseMediaPlaylist(text);
      expect(init).toBe('init.mp4');
      expect(segments.length).toBeGreaterThanOrEqual(2);
      const folder = join(output, rendition.playlist, '..');
      for (const { file, seconds } of segments) {
        expect(file).toMatch(/\.m4s$/);
        expect(seconds).toBeLessThanOrEqual(2.1);
        expect(existsSync(join(folder, file))).toBe(true);
      }
    }
  });

  it('points each subtitle rendition at its WebVTT file', async () => {
    expect(
      manifest.subtitles.map(({ language_code, name, link }) => ({ language_code, name, link })),
    ).toEqual([
      { language_code: 'en', name: 'English', link: 'subtitles/en.vtt' },
      { language_code: 'ru', name: 'Русский', link: 'subtitles/ru.vtt' },
    ]);
    const playlist = await readFile(join(output, 'subtitles/ru.m3u8'), 'utf8');
    expect(parseMediaPlaylist(playlist).segments.map(({ file }) => file)).toEqual(['ru.vtt']);
    expect(await readFile(join(output, 'subtitles/ru.vtt'), 'utf8')).toContain('Привет');
    // In bytes, not characters: a download checks the room for them before it fetches.
    expect(manifest.subtitles[1]?.vttSizeBytes).toBe(
      (await readFile(join(output, 'subtitles/ru.vtt'))).length,
    );
  });

  it('writes a faststart MP4 whose moov comes before mdat', async () => {
    const boxes = await topLevelBoxes(join(output, manifest.mp4.path));
    expect(boxes[0]).toBe('ftyp');
    expect(boxes).toContain('mdat');
    // A progressive file, not a fragmented one (which would also put a moov first).
    expect(boxes).not.toContain('moof');
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const info = await probeMedia(join(output, manifest.mp4.path));
    expect(info.video).toEqual({ width: manifest.mp4.width, height: manifest.mp4.height });
    expect(info.hasAudio).toBe(true);
    expect(info.sizeBytes).toBe(manifest.mp4.sizeBytes);
  });

  it('writes a JPEG poster', async () => {
    const poster = await readFile(join(output, manifest.poster.path));
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(poster.length).toBe(manifest.poster.sizeBytes);
  });

  it('reports progress that only grows and reaches 1', () => {
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
    for (let index = 1; index < progress.length; index += 1) {
      expect(progress[index]).toBeGreaterThan(progress[index - 1] as number);
    }
  });

  it('fails on a corrupt source with ffmpeg’s words and leaves no folder', async () => {
    const corrupt = join(work, 'corrupt.mp4');
    await writeFile(corrupt, Buffer.from('this is not a video at all, only some text'.repeat(50)));
    const target = join(work, 'failed', 'lesson');
    const attempt = transcodeVideo({ source: corrupt, outputDir: target });
    await expect(attempt).rejects.toBeInstanceOf(FfmpegError);
    await expect(attempt).rejects.toThrow(/cannot read .*corrupt\.mp4: .*Invalid data/);
    expect(existsSync(target)).toBe(false);
    expect(await readdir(join(work, 'failed'))).toEqual([]);
  });

  it('takes the first frame as the poster when the picture ends before the poster time', async () => {
    // A tenth of a second of picture under two seconds of sound: nothing to see at 10 % of 2 s.
    const brief = join(work, 'brief-picture.mp4');
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=25:duration=0.1'],
      ...['-f', 'lavfi', '-i', 'sine=duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', brief],
    ]);
    const written = await transcodeVideo({ source: brief, outputDir: join(work, 'brief') });
    const poster = await readFile(join(work, 'brief', written.poster.path));
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('refuses a still picture as a source', async () => {
    const picture = join(work, 'picture.jpg');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=1', '-frames:v', '1', '-y', picture]);
    const attempt = transcodeVideo({ source: picture, outputDir: join(work, 'picture') });
    await expect(attempt).rejects.toBeInstanceOf(UnreadableVideoError);
    expect(existsSync(join(work, 'picture'))).toBe(false);
  });

  it('refuses a source cut short, with ffmpeg’s words, and leaves no folder', async () => {
    const whole = await readFile(join(work, 'source.mp4'));
    const cut = join(work, 'cut.mp4');
    await writeFile(cut, whole.subarray(0, whole.length / 2));
    const attempt = transcodeVideo({ source: cut, outputDir: join(work, 'cut') });
    await expect(attempt).rejects.toBeInstanceOf(UnreadableVideoError);
    await expect(attempt).rejects.toThrow(/cut\.mp4: damaged or cut short: \w/);
    expect(existsSync(join(work, 'cut'))).toBe(false);
  });

  it('stops when aborted and removes what it had written', async () => {
    const controller = new AbortController();
    const target = join(work, 'aborted', 'lesson');
    const attempt = transcodeVideo({
      source: join(work, 'source.mp4'),
      outputDir: target,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(attempt).rejects.toThrow(/stopped/);
    expect(await readdir(join(work, 'aborted'))).toEqual([]);
  });

  it('refuses to write over an existing folder', async () => {
    await expect(transcodeVideo({ source: join(work, 'source.mp4'), outputDir: output })).rejects.toThrow(
      /already exists/,
    );
  });
});

describe('ffmpeg output parsing', () => {
  it('reads duration, frame size and audio from the input description', () => {
    const text = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'a.mp4':",
      '  Duration: 00:01:02.50, start: 0.000000, bitrate: 295 kb/s',
      '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1280x720 [SAR 1:1 DAR 16:9], 25 fps',
      '    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 69 kb/s',
    ].join('\n');
    expect(parseMediaDescription(text)).toEqual({
      durationSeconds: 62.5,
      video: { width: 1280, height: 720 },
      hasAudio: true,
    });
    expect(parseMediaDescription('a.mp4: Invalid data found when processing input')).toBeUndefined();
  });

  it('reads the frame as shown: turned by a rotation flag, widened by non-square pixels', () => {
    const frameOf = (stream: string[]) =>
      parseMediaDescription(
        [
          "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'a.mp4':",
          '  Duration: 00:00:02.00, start: 0.000000, bitrate: 42 kb/s',
          ...stream,
          '    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 69 kb/s',
          '    Metadata:',
          '      rotate          : 90',
        ].join('\n'),
      )?.video;
    const video = '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080';
    expect(
      frameOf([
        `${video} [SAR 1:1 DAR 16:9], 25 fps`,
        '    Metadata:',
        '      rotate          : 270',
        '    Side data:',
        '      displaymatrix: rotation of 90.00 degrees',
      ]),
    ).toEqual({ width: 1080, height: 1920 });
    expect(frameOf([`${video}, 25 fps`, '    Metadata:', '      rotate          : -90'])).toEqual({
      width: 1080,
      height: 1920,
    });
    // A half turn keeps the sides; the audio stream's own metadata is not the video's.
    expect(
      frameOf([`${video}, 25 fps`, '    Side data:', '      displaymatrix: rotation of -180.00 degrees']),
    ).toEqual({
      width: 1920,
      height: 1080,
    });
    expect(
      frameOf([
        '    Stream #0:0: Video: mpeg2video (Main), yuv420p(tv, top first), 720x576 [SAR 64:45 DAR 16:9], 25 fps',
      ]),
    ).toEqual({ width: 1024, height: 576 });
  });

  it('plans a rotated phone video upright', async () => {
    const landscape = join(work, 'landscape.mp4');
    const rotated = join(work, 'rotated.mp4');
    await makeTestVideo(landscape, { width: 320, height: 180, seconds: 1 });
    await runFfmpeg(['-i', landscape, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-y', rotated]);
    const { video } = await probeMedia(rotated);
    expect(video).toEqual({ width: 180, height: 320 });
    expect(planLadder(video ?? { width: 0, height: 0 })).toEqual([
      { width: 90, height: 160 },
      { width: 180, height: 320 },
    ]);
  });

  it('sees no video in a still picture or in the cover art of a sound file', async () => {
    const picture = join(work, 'still.jpg');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=1', '-frames:v', '1', '-y', picture]);
    // ffmpeg describes a JPEG of this size with a duration of one frame (0.04 s).
    expect(await probeMedia(picture)).toMatchObject({ durationSeconds: 0.04, video: undefined });
    const song = join(work, 'song.mp4');
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', 'sine=duration=1', '-i', picture],
      ...['-map', '0', '-map', '1', '-c:a', 'aac', '-c:v', 'copy', '-y', song],
    ]);
    expect(await probeMedia(song)).toMatchObject({ hasAudio: true, video: undefined });
    expect((await probeMedia(join(work, 'source.mp4'))).video).toEqual({ width: 640, height: 360 });
  });

  it('turns progress blocks into a growing fraction', () => {
    const seen: number[] = [];
    const feed = progressParser(4, (fraction) => seen.push(fraction));
    feed('frame=1\nout_time_ms=1000000\nprogress=cont');
    feed('inue\nout_time_ms=500000\nout_time_ms=3000000\n');
    feed('progress=end\n');
    expect(seen).toEqual([0.25, 0.75, 1]);
  });
});
