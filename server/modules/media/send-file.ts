import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { rangeStillApplies, requestedRange } from '../../../src/domain/byteRanges';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { sendError } from '../../http/respond';

/** Media never changes under a file id (a new import is a new id), so a day is safe to cache. */
const CACHE_CONTROL = 'private, max-age=86400';

/** Content types by extension: what the pipeline writes and what courses attach. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.mp3': 'audio/mpeg',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};
const DOWNLOAD_TYPE = 'application/octet-stream';

/** The content type of a served file; anything not listed goes out as a download, never rendered. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? DOWNLOAD_TYPE;
}

/** Weak comparison (RFC 9110, section 8.8.3.2): `W/` does not matter for If-None-Match. */
function matchesAnyTag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * A date header's moment, when it is an HTTP date (RFC 9110, section 5.6.7: IMF-fixdate, or the
 * obsolete RFC 850 and asctime forms), else NaN: a value that is none of them is ignored, as the RFC
 * asks, rather than read by Date.parse's looser rules ("2015-01-01" would pass there).
 */
function httpDate(value: string | undefined): number {
  const forms = [
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
    /^[A-Z][a-z]+day, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
  ];
  if (value === undefined || !forms.some((form) => form.test(value))) return Number.NaN;
  // The asctime form names no zone: it is GMT.
  return Date.parse(value.endsWith('GMT') ? value : `${value} GMT`);
}

/** Strong comparison (RFC 9110, section 8.8.3.2), as If-Match asks: a weak tag never matches. */
function matchesStrongly(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim() === etag);
}

/**
 * If-Match and If-Unmodified-Since (RFC 9110, section 13.2.2, steps 1 and 2): a client that asks
 * for the file only as the version it knows gets 412 once the file is another, so a resumed download
 * never joins parts of two versions.
 */
function failsPrecondition(c: Context<AppEnv>, etag: string, modifiedMs: number): boolean {
  const ifMatch = c.req.header('if-match');
  if (ifMatch !== undefined) return !matchesStrongly(ifMatch, etag);
  const since = httpDate(c.req.header('if-unmodified-since'));
  return !Number.isNaN(since) && Math.floor(modifiedMs / 1000) * 1000 > since;
}

function isNotModified(c: Context<AppEnv>, etag: string, modifiedMs: number): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) return matchesAnyTag(ifNoneMatch, etag);
  const since = httpDate(c.req.header('if-modified-since'));
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(modifiedMs / 1000) * 1000 <= since;
}

/**
 * Media is only read: another method on a media path is told which ones it takes, without the path's
 * file being looked up.
 */
export const answerReadOnly = (c: Context<AppEnv>) =>
  sendError(c, new ApiError(405, 'methodNotAllowed', undefined, { Allow: 'GET, HEAD' }));

/**
 * Answers with the file at `path` (already checked to be one the learner may read): conditional
 * requests (412, 304), one byte range (206, or 416 when unsatisfiable), HEAD without a body. The body is
 * streamed from an open handle, so a segment is never held in memory whole and the file answered is
 * the one whose size was read. `null` when there is no regular file there.
 */
export async function sendFile(c: Context<AppEnv>, path: string): Promise<Response | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return null;
  }
  let streaming = false;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    const size = info.size;
    const etag = `"${size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const lastModified = info.mtime.toUTCString();
    const contentType = contentTypeOf(path);
    // The file's own type even on the answers without a body: the HTTP layer would otherwise label
    // them text/plain, and a cache that takes a 304's headers into its stored copy would relabel it.
    const validators = {
      ETag: etag,
      'Last-Modified': lastModified,
      'Cache-Control': CACHE_CONTROL,
      'Content-Type': contentType,
    };
    // Refusals are the API's error answers, in the request's language: no file type on a body that is
    // no file, and nothing a cache would keep.
    if (failsPrecondition(c, etag, info.mtimeMs))
      return sendError(
        c,
        new ApiError(412, 'fileChanged', undefined, { ETag: etag, 'Last-Modified': lastModified }),
      );
    if (isNotModified(c, etag, info.mtimeMs)) return new Response(null, { status: 304, headers: validators });

    const headers: Record<string, string> = {
      ...validators,
      'Accept-Ranges': 'bytes',
    };
    if (contentType === DOWNLOAD_TYPE) headers['Content-Disposition'] = 'attachment';
    const range = rangeStillApplies(c.req.header('if-range'), { etag, lastModified })
      ? requestedRange(c.req.header('range'), size)
      : undefined;
    if (range === 'unsatisfiable') {
      const refusal = { 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${size}` };
      return sendError(c, new ApiError(416, 'rangeNotSatisfiable', undefined, refusal, { size }));
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const length = end - start + 1;
    headers['Content-Length'] = String(length);
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    const status = range ? 206 : 200;
    if (c.req.method === 'HEAD' || length === 0) return new Response(null, { status, headers });

    // The stream owns the handle from here: it closes it at the end, on error and when the client goes.
    const body = Readable.toWeb(handle.createReadStream({ start, end, autoClose: true }));
    streaming = true;
    return new Response(body as ReadableStream<Uint8Array>, { status, headers });
  } finally {
    if (!streaming) await handle.close();
  }
}
