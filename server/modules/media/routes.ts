import { basename, resolve } from 'node:path';
import { type Context, Hono } from 'hono';
import { requestToken } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { nodeRequest } from '../../http/request-body';
import { sendError } from '../../http/respond';
import type { Services } from '../../infra/container';
import { type ReachableMediaFile, reachableMediaFileQuery } from './access';
import { existingPathInside, fileIdOf, plainName, plainNames } from './paths';
import { answerReadOnly, sendFile } from './send-file';

const VIDEO_TYPE = 1;

/**
 * The media of the learner's courses, outside the API bases (wire contract, "Media URLs"):
 * `/media/videos/{fileId}/<path in the transcode folder>` and `/media/files/{fileId}/{name}`.
 * A session is needed (bearer header or the session cookie, since a video element sends no header);
 * a file the learner's courses do not use answers exactly like a missing one (404).
 */
export function mediaRoutes(services: Services): Hono<AppEnv> {
  const media = new Hono<AppEnv>();
  const reachable = reachableMediaFileQuery(services.db);
  const notFound = (c: Context<AppEnv>) => sendError(c, new ApiError(404, 'notFound'));

  /**
   * The URL's segments after `/media/<kind>/` as the client sent them, still percent-encoded: each is
   * decoded on its own. Parsing the URL would first resolve `.` and `..` away, and a path that names
   * one is refused, not tidied (docs/API.md, "Paths").
   */
  const rawSegments = (c: Context<AppEnv>) => {
    const target = nodeRequest(c)?.url ?? new URL(c.req.url).pathname;
    // An absolute-form target (`GET http://host/media/…`) names the host first.
    const path = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0] ?? '';
    return path.split('/').slice(3);
  };

  /** 401 without a live session, then the row when the path names a file the learner may read. */
  async function fileFor(
    c: Context<AppEnv>,
    idSegment: string | undefined,
  ): Promise<ReachableMediaFile | null> {
    const auth = await services.sessions.authenticate(requestToken(c));
    if (!auth) throw new ApiError(401, 'unauthorized');
    const fileId = fileIdOf(idSegment);
    return fileId === null ? null : reachable(auth.user.id, fileId);
  }

  /** The media root is resolved per request: it may be created after the server starts. */
  const storageOf = (file: ReachableMediaFile) =>
    existingPathInside(resolve(services.settings.mediaDir), [file.storagePath]);

  media.get('/media/videos/:fileId/*', async (c) => {
    const [idSegment, ...rest] = rawSegments(c);
    const file = await fileFor(c, idSegment);
    const names = plainNames(rest);
    if (!file || file.type !== VIDEO_TYPE || !names) return notFound(c);
    const folder = await storageOf(file);
    const path = folder && (await existingPathInside(folder, names));
    return (path && (await sendFile(c, path))) || notFound(c);
  });

  media.get('/media/files/:fileId/:name', async (c) => {
    const [idSegment, nameSegment = ''] = rawSegments(c);
    const file = await fileFor(c, idSegment);
    const name = plainName(nameSegment);
    if (!file || file.type === VIDEO_TYPE || !name) return notFound(c);
    // The name only has to match: it is compared, never joined into a path.
    if (name !== basename(file.storagePath) && name !== file.name) return notFound(c);
    const path = await storageOf(file);
    return (path && (await sendFile(c, path))) || notFound(c);
  });

  media.all('/media/videos/:fileId/*', answerReadOnly);
  media.all('/media/files/:fileId/:name', answerReadOnly);
  media.all('/media/*', notFound);
  return media;
}
