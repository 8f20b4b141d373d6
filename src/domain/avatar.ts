/**
 * The profile photo's limits, shared by the picker (refusing before sending) and the server's
 * upload route (refusing whatever a client sends).
 */

/** At most 10 MB per image. */
export const MAX_AVATAR_BYTES = 10 * 1024 * 1024;

/** The image types the upload accepts; the server reads the content, the picker the browser's type. */
export const AVATAR_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

export const isImageType = (type: string): boolean =>
  (AVATAR_IMAGE_TYPES as readonly string[]).includes(type);

/** Percent of an upload sent, 0 to 100; an unknown total counts as nothing sent yet. */
export const uploadPercent = (sent: number, total: number): number =>
  total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;

/** An uploaded photo's address ends in its square variant's side (server: `/media/uploads/<id>/<side>.webp`). */
const UPLOAD_VARIANT = /\/(?:64|256|512)\.webp$/;
const UPLOAD_SIDES = [64, 256, 512] as const;

/**
 * The `srcset` of an uploaded photo's three squares, so a 36 px header picture loads the 64 px file
 * on an ordinary screen and the larger ones only where the pixels need them. Undefined for any
 * other address, which is shown as it is.
 */
export function avatarSrcSet(url: string): string | undefined {
  if (!UPLOAD_VARIANT.test(url)) return undefined;
  return UPLOAD_SIDES.map((side) => `${url.replace(UPLOAD_VARIANT, `/${side}.webp`)} ${side}w`).join(', ');
}
