import * as v from 'valibot';
import { ApiError, fieldError } from '../../http/errors';
import { bodyIdField } from '../../http/fields';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';
import { saveUser } from '../user/queries';
import { toWireUser, WireUser } from '../user/wire';
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES } from './limits';
import { findOwnUpload, insertUpload } from './queries';
import { removeImage, storeImage } from './store';
import { toWireUpload, uploadUrl, WireUpload } from './wire';

/** The upload route's path under each API base; server/app.ts raises the body limit for it alone. */
export const IMAGE_UPLOAD_PATH = '/media/upload';

/** `null` takes the photo off the profile. */
const AvatarBody = v.object({ avatar_file_id: v.nullable(bodyIdField) });

/** What a client sends when it cannot name a file's type (a picker's empty `type`, a generic blob). */
const GENERIC_BYTES = 'application/octet-stream';

/**
 * Whether a body declared so may be an image: any image type, generic bytes or no type at all, since
 * only the bytes tell which. A body declared as something else (a PDF, JSON, text) is refused before
 * a byte of it is read.
 */
function mayHoldImage(header: string | undefined): boolean {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === '' || type === GENERIC_BYTES || type.startsWith('image/');
}

/** The learner's own uploads (the profile photo) and attaching one to the profile. */
export const uploadsModule: ApiModule = {
  tag: 'uploads',
  description: 'Images the signed-in user uploads, stored as square 64, 256 and 512 px variants.',
  routes: [
    route({
      method: 'post',
      path: IMAGE_UPLOAD_PATH,
      summary: 'Upload an image (the bytes as the body); answers its Media file',
      description:
        'The body is the image itself, sent as `image/*`, as `application/octet-stream` or with no ' +
        'Content-Type (another type is a 415 before a byte is read), at most 10 MB (413 otherwise, ' +
        'refused from Content-Length before reading when it says so). The content decides: JPEG, PNG, ' +
        'WebP, GIF or AVIF, anything else is a 415 whatever its name or header; an empty body is a ' +
        '422, and so is an image of more than 50 megapixels (width × height; message "The photo is ' +
        'too large: at most 50 megapixels.", also under `errors.body`). Nothing is stored on a ' +
        'refusal. `size_bytes` is the size of the 512 px WebP at `url`; the images are served to ' +
        'their owner only.',
      access: 'session',
      learnerData: true,
      upload: { mediaTypes: [...IMAGE_MEDIA_TYPES, GENERIC_BYTES], maxBytes: MAX_IMAGE_BYTES },
      answer: dataAnswer(WireUpload, 201),
      async handle(c, { auth }, { db, settings }) {
        // The header is only a first filter, checked before a byte is read; the content decides.
        if (!mayHoldImage(c.req.header('content-type'))) throw new ApiError(415, 'imageType');
        const body = c.req.raw.body;
        if (!body) throw fieldError('body', 'imageEmpty');
        const image = await storeImage(settings.mediaDir, body);
        try {
          const row = await insertUpload(db, auth.user.id, image);
          // The account was deleted while the image arrived: nothing of it is kept.
          if (!row) throw new ApiError(401, 'unauthorized');
          return sendData(c, toWireUpload(row), 201);
        } catch (error) {
          await removeImage(settings.mediaDir, image.storagePath);
          throw error;
        }
      },
    }),

    route({
      method: 'post',
      path: '/user/avatar',
      summary: "Set the profile photo to one of the user's uploads (null removes it)",
      description:
        "`avatar` becomes the upload's 256 px URL; another user's upload is refused like a missing one.",
      access: 'session',
      learnerData: true,
      body: AvatarBody,
      answer: dataAnswer(WireUser),
      async handle(c, { body, auth }, { db }) {
        const uploadId = body.avatar_file_id;
        if (uploadId !== null && !(await findOwnUpload(db, auth.user.id, uploadId))) {
          throw fieldError('avatar_file_id', 'uploadUnknown');
        }
        const saved = await saveUser(db, auth.user.id, {
          avatarFileId: uploadId,
          avatar: uploadId === null ? null : uploadUrl(uploadId, 'medium'),
        });
        return sendData(c, await toWireUser(db, saved));
      },
    }),
  ],
};
