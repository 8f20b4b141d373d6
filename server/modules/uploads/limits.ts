import { AVATAR_IMAGE_TYPES, MAX_AVATAR_BYTES } from '../../../src/domain/avatar';

/** The upload limits: one place for the route, the body limit, the store and the tests. */

/** At most 10 MB per image (the body limit is raised on the upload route alone); the app's own limit. */
export const MAX_IMAGE_BYTES = MAX_AVATAR_BYTES;

/** The square variants of a Media file image: small, medium and large, in px. */
export const IMAGE_VARIANTS = { small: 64, medium: 256, large: 512 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

/** The content types the route documents; the header only has to say image/*, the content decides. */
export const IMAGE_MEDIA_TYPES = AVATAR_IMAGE_TYPES;

/**
 * A decoded image larger than this is refused before it is resized: a small file can declare a huge
 * canvas (a decompression bomb), and decoding one would hold gigabytes.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
