import { resolve } from 'node:path';
import { type Context, Hono } from 'hono';
import { requestToken } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { sendError } from '../../http/respond';
import type { Services } from '../../infra/container';
import { existingPathInside, fileIdOf } from '../media/paths';
import { answerReadOnly, sendFile } from '../media/send-file';
import { IMAGE_VARIANTS } from './limits';
import { findOwnUpload } from './queries';
import { UPLOAD_URL_PREFIX } from './wire';

/** The only names a variant has: `64.webp`, `256.webp`, `512.webp`. */
const VARIANT_NAMES = new Set(Object.values(IMAGE_VARIANTS).map((side) => `${side}.webp`));

/**
 * `/media/uploads/{uploadId}/{64|256|512}.webp`: the variants of an uploaded image, served to its
 * owner only (the app shows the learner's own photo, never another's), with the session from the
 * bearer header or the session cookie an image element sends. Anyone else's request answers the 404
 * of a missing id, so ids tell nothing about other users' uploads.
 */
export function uploadFileRoutes(services: Services): Hono<AppEnv> {
  const files = new Hono<AppEnv>();
  const notFound = (c: Context<AppEnv>) => sendError(c, new ApiError(404, 'notFound'));

  files.get(`${UPLOAD_URL_PREFIX}/:uploadId/:name`, async (c) => {
    const auth = await services.sessions.authenticate(requestToken(c));
    if (!auth) return sendError(c, new ApiError(401, 'unauthorized'));
    const uploadId = fileIdOf(c.req.param('uploadId'));
    const name = c.req.param('name');
    if (uploadId === null || !VARIANT_NAMES.has(name)) return notFound(c);
    const upload = await findOwnUpload(services.db, auth.user.id, uploadId);
    if (!upload) return notFound(c);
    const path = await existingPathInside(resolve(services.settings.mediaDir), [upload.storagePath, name]);
    return (path && (await sendFile(c, path))) || notFound(c);
  });
  files.all(`${UPLOAD_URL_PREFIX}/:uploadId/:name`, answerReadOnly);
  return files;
}
