import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCourse } from '../../server/authoring/course-writer';
import { enrol } from '../../server/authoring/enrolment';
import { courseStages, courses, mediaFiles, stageDays, videos } from '../../server/db/schema';
import { makeTestVideo, writeTestSubtitles } from '../../server/infra/media/test-media';
import { transcodeVideo, type VideoManifest } from '../../server/infra/media/transcode';
import { serverForFile } from './harness';

/**
 * GET|HEAD /media/videos/{fileId}/* and /media/files/{fileId}/{name}: a real transcoded video and
 * real files in the server's media folder, one learner whose course uses them and one whose does not.
 */

const mediaDir = join(tmpdir(), `media-test-${randomUUID()}`);
const workDir = join(tmpdir(), `media-source-${randomUUID()}`);
const { server, api } = serverForFile({ mediaDir });

const DAY_MS = 24 * 60 * 60 * 1000;
let ownerToken: string;
let otherToken: string;
let demoToken: string;
let ownerCourseId: number;
let videoId: number;
let manifest: VideoManifest;
let documentId: number;
let imageId: number;
let otherDocumentId: number;
let unusedDocumentId: number;

/** A media_files row whose storage path names its own id, as the importer lays files out. */
async function mediaRow(type: number, name: string, place: (id: number) => string, mimeType: string) {
  const [row] = await server.db
    .insert(mediaFiles)
    .values({ type, name, storagePath: '', mimeType })
    .returning({ id: mediaFiles.id });
  if (!row) throw new Error('media row not written');
  await server.db
    .update(mediaFiles)
    .set({ storagePath: place(row.id) })
    .where(eq(mediaFiles.id, row.id));
  return row.id;
}

/** A stored document or image: its bytes under files/<id>/<fileName>. */
async function storedFile(type: number, name: string, fileName: string, mimeType: string, bytes: Buffer) {
  const id = await mediaRow(type, name, (id) => `files/${id}/${fileName}`, mimeType);
  const path = join(mediaDir, 'files', String(id), fileName);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
  return id;
}

/** Distinct bytes at every offset, so a wrong range cannot compare equal by chance. */
const patterned = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + seed) % 251));

const learnerCourse = (title: string, draft: { videoId?: number; documentId: number; imageId?: number }) =>
  writeCourse(server.db, {
    title,
    mainImageFileId: draft.imageId ?? null,
    documents: [{ title: 'Handout', fileId: draft.documentId }],
    stages: [
      {
        title: 'Stage',
        days: [
          {
            title: 'Day 1',
            lessonSets: [{ lessons: [{ title: 'Lesson', localVideoFileId: draft.videoId ?? null }] }],
          },
        ],
      },
    ],
  });

beforeAll(async () => {
  await mkdir(workDir, { recursive: true });
  const source = join(workDir, 'source.mp4');
  const subtitles = join(workDir, 'en.vtt');
  await makeTestVideo(source, { width: 160, height: 90, seconds: 2 });
  await writeTestSubtitles(subtitles, ['Hello', 'World'], 2);
  videoId = await mediaRow(1, 'Warm-up', (id) => `videos/${id}`, 'video/mp4');
  manifest = await transcodeVideo({
    source,
    subtitles: [{ path: subtitles, languageCode: 'en', name: 'English' }],
    outputDir: join(mediaDir, 'videos', String(videoId)),
  });
  await server.db.insert(videos).values({
    mediaFileId: videoId,
    durationSeconds: Math.round(manifest.durationSeconds),
    manifest: manifest as unknown as Record<string, unknown>,
  });
  documentId = await storedFile(4, 'Course handout', 'handout.pdf', 'application/pdf', patterned(3000, 1));
  imageId = await storedFile(2, 'Cover', 'cover.png', 'image/png', patterned(500, 2));
  otherDocumentId = await storedFile(4, 'Other handout', 'other.pdf', 'application/pdf', patterned(800, 3));
  unusedDocumentId = await storedFile(4, 'Unused', 'unused.pdf', 'application/pdf', patterned(100, 4));

  const owner = await api.signUp('media-owner');
  const other = await api.signUp('media-other');
  ownerToken = owner.token;
  otherToken = other.token;
  const demo = await api.signUp('media-demo');
  demoToken = demo.token;
  const mine = await learnerCourse('Owner course', { videoId, documentId, imageId });
  ownerCourseId = mine.courseId;
  const theirs = await learnerCourse('Other course', { documentId: otherDocumentId });
  const window = { startDate: new Date(Date.now() - DAY_MS), endDate: new Date(Date.now() + 30 * DAY_MS) };
  await enrol(server.db, { userId: owner.id, courseId: mine.courseId, ...window });
  await enrol(server.db, { userId: other.id, courseId: theirs.courseId, ...window });
  // A demo without full access of the owner's course, whose one day is not demo-accessible.
  await enrol(server.db, { userId: demo.id, courseId: mine.courseId, ...window, isDemo: true });
}, 120_000);

afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
  await rm(workDir, { recursive: true, force: true });
});

interface MediaCall {
  token?: string | null;
  method?: string;
  headers?: Record<string, string>;
}

async function media(path: string, { token = ownerToken, method = 'GET', headers = {} }: MediaCall = {}) {
  const all: Record<string, string> = { ...headers };
  if (token) all.Authorization = `Bearer ${token}`;
  const response = await fetch(`${server.url}${path}`, { method, headers: all });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** A request whose path goes out byte for byte: fetch would resolve `..` segments before sending. */
function rawGet(path: string, token = ownerToken): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, headers: { Authorization: `Bearer ${token}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const onDisk = (...parts: string[]) => readFile(join(mediaDir, ...parts));
const videoUrl = (file: string) => `/media/videos/${videoId}/${file}`;

describe('the learner whose course uses the media', () => {
  it('gets the master playlist with its type, caching headers and validators', async () => {
    const answer = await media(videoUrl('master.m3u8'));
    expect(answer.status).toBe(200);
    expect(answer.bytes).toEqual(await onDisk('videos', String(videoId), 'master.m3u8'));
    expect(answer.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect(answer.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(answer.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(answer.headers.get('last-modified') ?? '')).not.toBeNaN();
  });

  it('gets every file the manifest names: rendition playlists, init and media segments, poster, subtitles', async () => {
    const folder = ['videos', String(videoId)];
    const rendition = manifest.renditions[0];
    if (!rendition) throw new Error('no rendition');
    const playlist = await media(videoUrl(rendition.playlist));
    expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const segmentFolder = rendition.playlist.replace(/index\.m3u8$/, '');
    const segment = await media(videoUrl(`${segmentFolder}segment-000.m4s`));
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    expect(segment.bytes).toEqual(await onDisk(...folder, ...`${segmentFolder}segment-000.m4s`.split('/')));
    const init = await media(videoUrl(`${segmentFolder}init.mp4`));
    expect(init.headers.get('content-type')).toBe('video/mp4');
    const poster = await media(videoUrl(manifest.poster.path));
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect(poster.bytes.length).toBe(manifest.poster.sizeBytes);
    const subtitle = manifest.subtitles[0];
    if (!subtitle) throw new Error('no subtitle');
    const vtt = await media(videoUrl(subtitle.link));
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.bytes.toString('utf8')).toContain('WEBVTT');
  });

  it('gets the MP4 uncompressed even when the client accepts gzip', async () => {
    const answer = await media(videoUrl('video.mp4'), { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('video/mp4');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(answer.headers.get('content-length')).toBe(String(manifest.mp4.sizeBytes));
    expect(answer.bytes).toEqual(await onDisk('videos', String(videoId), 'video.mp4'));
  });

  it('gets a document by its file name or its media name, and the course image', async () => {
    const expected = await onDisk('files', String(documentId), 'handout.pdf');
    const byFileName = await media(`/media/files/${documentId}/handout.pdf`);
    expect(byFileName.status).toBe(200);
    expect(byFileName.headers.get('content-type')).toBe('application/pdf');
    expect(byFileName.bytes).toEqual(expected);
    const byName = await media(`/media/files/${documentId}/${encodeURIComponent('Course handout')}`);
    expect(byName.bytes).toEqual(expected);
    const image = await media(`/media/files/${imageId}/cover.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('is known by the session cookie the app keeps, as a video element sends no header', async () => {
    const answer = await media(videoUrl('poster.jpg'), {
      token: null,
      headers: { Cookie: `auth_token=${ownerToken}` },
    });
    expect(answer.status).toBe(200);
  });

  it('HEAD answers the headers without a body', async () => {
    const answer = await media(videoUrl('video.mp4'), { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBe(String(manifest.mp4.sizeBytes));
    expect(answer.headers.get('content-type')).toBe('video/mp4');
    expect(answer.bytes.length).toBe(0);
  });

  it('answers 304 to a matching If-None-Match or a later If-Modified-Since', async () => {
    const first = await media(`/media/files/${documentId}/handout.pdf`);
    const etag = first.headers.get('etag') ?? '';
    const byTag = await media(`/media/files/${documentId}/handout.pdf`, {
      headers: { 'If-None-Match': `"x", ${etag}` },
    });
    expect(byTag.status).toBe(304);
    expect(byTag.bytes.length).toBe(0);
    expect(byTag.headers.get('etag')).toBe(etag);
    // Never another type than the file's: a cache may take a 304's headers into its copy.
    expect(byTag.headers.get('content-type')).toBe('application/pdf');
    const weak = await media(`/media/files/${documentId}/handout.pdf`, {
      headers: { 'If-None-Match': `W/${etag}` },
    });
    expect(weak.status).toBe(304);
    const byDate = await media(`/media/files/${documentId}/handout.pdf`, {
      headers: { 'If-Modified-Since': first.headers.get('last-modified') ?? '' },
    });
    expect(byDate.status).toBe(304);
    const changed = await media(`/media/files/${documentId}/handout.pdf`, {
      headers: { 'If-None-Match': '"other"' },
    });
    expect(changed.status).toBe(200);
  });

  it('answers 412 when If-Match or If-Unmodified-Since names another version', async () => {
    const pdf = `/media/files/${documentId}/handout.pdf`;
    const first = await media(pdf);
    const etag = first.headers.get('etag') ?? '';
    const lastModified = first.headers.get('last-modified') ?? '';
    const status = async (headers: Record<string, string>) => (await media(pdf, { headers })).status;
    expect(await status({ 'If-Match': `"x", ${etag}` })).toBe(200);
    expect(await status({ 'If-Match': '*' })).toBe(200);
    expect(await status({ 'If-Match': '"zzz"' })).toBe(412);
    // If-Match compares strongly: a weak tag never matches.
    expect(await status({ 'If-Match': `W/${etag}` })).toBe(412);
    expect(await status({ 'If-Unmodified-Since': lastModified })).toBe(200);
    expect(await status({ 'If-Unmodified-Since': 'Thu, 01 Jan 2004 00:00:00 GMT' })).toBe(412);
    // The obsolete forms are HTTP dates too; anything else is no date and is ignored.
    expect(await status({ 'If-Unmodified-Since': 'Thursday, 01-Jan-04 00:00:00 GMT' })).toBe(412);
    expect(await status({ 'If-Unmodified-Since': 'Thu Jan  1 00:00:00 2004' })).toBe(412);
    expect(await status({ 'If-Unmodified-Since': '2004-01-01' })).toBe(200);
    expect(await status({ 'If-Modified-Since': '2099-01-01' })).toBe(200);
    // If-Match decides alone when both are sent.
    expect(await status({ 'If-Match': etag, 'If-Unmodified-Since': 'Thu, 01 Jan 2004 00:00:00 GMT' })).toBe(
      200,
    );
    const ranged = await media(pdf, { headers: { 'If-Match': etag, Range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
  });

  it('says why in the request language, as JSON, with the current version', async () => {
    const pdf = `/media/files/${documentId}/handout.pdf`;
    const etag = (await media(pdf)).headers.get('etag');
    const refused = await media(`${pdf}?lang=en`, { headers: { 'If-Match': '"zzz"' } });
    expect(refused.status).toBe(412);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.headers.get('etag')).toBe(etag);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(refused.bytes.toString())).toEqual({
      success: false,
      message: 'The file has changed since the copy you named: load it again.',
    });
  });
});

describe('range requests', () => {
  const pdf = () => `/media/files/${documentId}/handout.pdf`;
  const whole = () => onDisk('files', String(documentId), 'handout.pdf');
  const ranged = (range: string, headers: Record<string, string> = {}) =>
    media(pdf(), { headers: { Range: range, ...headers } });

  it('a closed range answers 206 with those bytes', async () => {
    const answer = await ranged('bytes=10-109');
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 10-109/3000');
    expect(answer.headers.get('content-length')).toBe('100');
    expect(answer.bytes).toEqual((await whole()).subarray(10, 110));
  });

  it('an open-ended range runs to the end', async () => {
    const answer = await ranged('bytes=2990-');
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 2990-2999/3000');
    expect(answer.bytes).toEqual((await whole()).subarray(2990));
  });

  it('a suffix range answers the last bytes, all of them when it asks for more than there is', async () => {
    const last = await ranged('bytes=-25');
    expect(last.headers.get('content-range')).toBe('bytes 2975-2999/3000');
    expect(last.bytes).toEqual((await whole()).subarray(2975));
    const more = await ranged('bytes=-5000');
    expect(more.status).toBe(206);
    expect(more.headers.get('content-range')).toBe('bytes 0-2999/3000');
  });

  it('an end past the file is clamped to it', async () => {
    const answer = await ranged('bytes=2000-999999');
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 2000-2999/3000');
    expect(answer.bytes.length).toBe(1000);
  });

  it('a range starting at or past the end, or an empty suffix, answers 416 with the size', async () => {
    for (const range of ['bytes=3000-', 'bytes=5000-6000', 'bytes=-0']) {
      const answer = await ranged(range);
      expect(answer.status, range).toBe(416);
      expect(answer.headers.get('content-range'), range).toBe('bytes */3000');
    }
  });

  it('a 416 says why in the request language, as JSON; its HEAD has no body', async () => {
    const answer = await media(`${pdf()}?lang=ru`, {
      headers: { Range: 'bytes=3000-', 'Accept-Language': 'en' },
    });
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(answer.bytes.toString())).toEqual({
      success: false,
      message: 'Запрошенный диапазон выходит за пределы файла (3000 байт).',
    });
    const head = await media(pdf(), { method: 'HEAD', headers: { Range: 'bytes=3000-' } });
    expect(head.status).toBe(416);
    expect(head.headers.get('content-range')).toBe('bytes */3000');
    expect(head.bytes.length).toBe(0);
  });

  it('malformed, reversed, multiple or other-unit ranges are ignored: the whole file', async () => {
    for (const range of ['bytes=abc', 'bytes=50-10', 'bytes=0-1,5-9', 'items=0-1', 'bytes=-']) {
      const answer = await ranged(range);
      expect(answer.status, range).toBe(200);
      expect(answer.bytes.length, range).toBe(3000);
    }
  });

  it('If-Range keeps the range only for the current version', async () => {
    const etag = (await media(pdf())).headers.get('etag') ?? '';
    expect((await ranged('bytes=0-9', { 'If-Range': etag })).status).toBe(206);
    expect((await ranged('bytes=0-9', { 'If-Range': '"old"' })).status).toBe(200);
  });

  it('ranges work on the MP4 and on HEAD', async () => {
    const answer = await media(videoUrl('video.mp4'), { headers: { Range: 'bytes=0-7' } });
    expect(answer.status).toBe(206);
    expect(answer.bytes).toEqual((await onDisk('videos', String(videoId), 'video.mp4')).subarray(0, 8));
    const head = await media(videoUrl('video.mp4'), { method: 'HEAD', headers: { Range: 'bytes=0-7' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('8');
    expect(head.bytes.length).toBe(0);
  });
});

describe('who may not read', () => {
  it('no session, or a token that is not one, answers 401', async () => {
    expect((await media(videoUrl('master.m3u8'), { token: null })).status).toBe(401);
    expect((await media(`/media/files/${documentId}/handout.pdf`, { token: 'not-a-token' })).status).toBe(
      401,
    );
  });

  it("another learner gets 404 for this course's media, exactly like a missing file", async () => {
    const refused = await media(videoUrl('master.m3u8'), { token: otherToken });
    const missing = await media('/media/videos/2000000000/master.m3u8', { token: otherToken });
    expect(refused.status).toBe(404);
    expect(refused.bytes).toEqual(missing.bytes);
    expect((await media(`/media/files/${documentId}/handout.pdf`, { token: otherToken })).status).toBe(404);
    expect((await media(`/media/files/${imageId}/cover.png`, { token: otherToken })).status).toBe(404);
    // Their own course's document is theirs to read, and not the owner's.
    expect((await media(`/media/files/${otherDocumentId}/other.pdf`, { token: otherToken })).status).toBe(
      200,
    );
    expect((await media(`/media/files/${otherDocumentId}/other.pdf`)).status).toBe(404);
  });

  it('a demo without full access reaches the lessons of open demo days only, and documents as its course allows', async () => {
    const [stage] = await server.db
      .select({ id: courseStages.id })
      .from(courseStages)
      .where(eq(courseStages.courseId, ownerCourseId));
    if (!stage) throw new Error('the owner course has no stage');
    const setDay = (values: Partial<typeof stageDays.$inferInsert>) =>
      server.db.update(stageDays).set(values).where(eq(stageDays.stageId, stage.id));
    const video = () => media(videoUrl('video.mp4'), { token: demoToken, method: 'HEAD' });
    const handout = () =>
      media(`/media/files/${documentId}/handout.pdf`, { token: demoToken, method: 'HEAD' });

    // The day is locked for the demo: its lesson's video is not reachable, the course's image is.
    expect((await video()).status).toBe(404);
    expect((await media(`/media/files/${imageId}/cover.png`, { token: demoToken })).status).toBe(200);
    // Demo-accessible, but not open by its time delay yet: still locked.
    await setDay({ isDemoAccessible: 1, openingDelaySeconds: 3 * 24 * 60 * 60 });
    expect((await video()).status).toBe(404);
    await setDay({ openingDelaySeconds: 0 });
    expect((await video()).status).toBe(200);
    // The learner with full access was never held back.
    expect((await media(videoUrl('video.mp4'), { method: 'HEAD' })).status).toBe(200);

    expect((await handout()).status).toBe(200);
    await server.db
      .update(courses)
      .set({ isDemoDocumentsAccessible: 0 })
      .where(eq(courses.id, ownerCourseId));
    expect((await handout()).status).toBe(404);
    expect((await media(`/media/files/${documentId}/handout.pdf`, { method: 'HEAD' })).status).toBe(200);
    await server.db
      .update(courses)
      .set({ isDemoDocumentsAccessible: 1 })
      .where(eq(courses.id, ownerCourseId));
    await setDay({ isDemoAccessible: 0 });
  });

  it('a file no course uses is nobody’s', async () => {
    expect((await media(`/media/files/${unusedDocumentId}/unused.pdf`)).status).toBe(404);
  });
});

describe('paths', () => {
  it('traversal in any spelling answers 404', async () => {
    const attempts = [
      videoUrl('..%2F..%2F..%2Fetc%2Fpasswd'),
      videoUrl('%2e%2e/%2e%2e/files'),
      videoUrl('..%5C..%5Cmaster.m3u8'),
      videoUrl('%2Fetc%2Fpasswd'),
      videoUrl('master.m3u8%00.jpg'),
      videoUrl('hls%2F..%2F..%2Fmaster.m3u8'),
      videoUrl('%E0%A4%A'),
      `/media/files/${documentId}/..%2F${imageId}%2Fcover.png`,
      `/media/files/${documentId}/%2e%2e`,
    ];
    for (const path of attempts) expect((await media(path)).status, path).toBe(404);
  });

  it('literal dot segments sent as they are never leave the folder', async () => {
    for (const path of [
      videoUrl('../../../../etc/passwd'),
      videoUrl('hls/../../master.m3u8'),
      `/media/videos/${videoId}/../${documentId}/handout.pdf`,
      `/media/files/${documentId}/../../../etc/passwd`,
      // Inside the folder too: a dot segment is refused, not resolved.
      videoUrl('hls/../master.m3u8'),
      videoUrl('./master.m3u8'),
      videoUrl('hls/%2e%2e/master.m3u8'),
      `http://${new URL(server.url).host}${videoUrl('hls/../master.m3u8')}`,
    ]) {
      expect(await rawGet(path), path).toBe(404);
    }
  });

  it('a symbolic link out of the folder, a hidden file, a folder or a missing file answer 404', async () => {
    const folder = join(mediaDir, 'videos', String(videoId));
    await symlink('/etc/hostname', join(folder, 'escape.vtt'));
    await writeFile(join(folder, '.secret.vtt'), 'WEBVTT\n');
    for (const path of [
      videoUrl('escape.vtt'),
      videoUrl('.secret.vtt'),
      videoUrl('hls'),
      videoUrl('none.m3u8'),
      videoUrl(''),
    ]) {
      expect((await media(path)).status, path).toBe(404);
    }
  });

  it('ids that are not a plain positive int4, the wrong kind of route and the wrong name answer 404', async () => {
    for (const path of [
      '/media/videos/abc/master.m3u8',
      '/media/videos/0/master.m3u8',
      '/media/videos/99999999999/master.m3u8',
      '/media/videos/%31/master.m3u8',
      `/media/videos/${documentId}/handout.pdf`,
      `/media/files/${videoId}/video.mp4`,
      `/media/files/${documentId}/other-name.pdf`,
      `/media/files/${documentId}`,
      '/media/elsewhere',
    ]) {
      expect((await media(path)).status, path).toBe(404);
    }
  });

  it('other methods answer 405 with the methods a media path takes, and nothing went wrong', async () => {
    for (const [path, method] of [
      [videoUrl('master.m3u8'), 'POST'],
      [`/media/files/${documentId}/handout.pdf`, 'DELETE'],
      [`/media/files/${documentId}/handout.pdf`, 'PUT'],
    ] as const) {
      const answer = await media(path, { method });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.get('allow')).toBe('GET, HEAD');
    }
    expect((await media('/media/elsewhere', { method: 'POST' })).status).toBe(404);
    expect(server.errors).toEqual([]);
  });
});
