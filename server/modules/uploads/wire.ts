import * as v from 'valibot';
import type { UploadRow } from '../../db/schema';
import { toSeconds } from '../../http/time';
import { WireMediaFile } from '../courses/media-wire';
import { IMAGE_VARIANTS, type ImageVariant } from './limits';

/**
 * An upload on the wire in the Media file's shape (type 2, image): `url` is the large variant and
 * `urls` names the three square sizes. The URLs are root-relative paths under the session, like
 * course media; the storage folder never leaves the server.
 */

export const UPLOAD_URL_PREFIX = '/media/uploads';

export const uploadUrl = (uploadId: number, variant: ImageVariant) =>
  `${UPLOAD_URL_PREFIX}/${uploadId}/${IMAGE_VARIANTS[variant]}.webp`;

/** A Media file (as courses send them) whose three sizes always exist. */
export const WireUpload = v.object({
  ...WireMediaFile.entries,
  urls: v.object({ small: v.string(), medium: v.string(), large: v.string() }),
});

export function toWireUpload(row: UploadRow): v.InferOutput<typeof WireUpload> {
  return {
    id: row.id,
    type: row.type,
    name: `${IMAGE_VARIANTS.large}.webp`,
    url: uploadUrl(row.id, 'large'),
    // What is served: the variants are WebP whatever came in.
    mime_type: 'image/webp',
    size_bytes: row.sizeBytes,
    urls: {
      small: uploadUrl(row.id, 'small'),
      medium: uploadUrl(row.id, 'medium'),
      large: uploadUrl(row.id, 'large'),
    },
    created_at: toSeconds(row.createdAt),
    updated_at: toSeconds(row.updatedAt),
  };
}
