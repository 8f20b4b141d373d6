import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import sharp from 'sharp';
import { ApiError } from '../../http/errors';
import { IMAGE_VARIANTS, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from './limits';

/**
 * Where uploaded images live: `<media root>/uploads/<uuid>/<64|256|512>.webp`. The body goes to a
 * temporary file in the same root as it arrives (never held in memory whole), is checked by its
 * content, and only a folder whose three variants are all written is moved into place: a failure
 * at any step leaves nothing behind.
 */

export const UPLOADS_FOLDER = 'uploads';
const TEMP_FOLDER = '.incoming';

export interface StoredImage {
  /** Relative to the media root, e.g. `uploads/3f0c…`. */
  storagePath: string;
  sourceMimeType: string;
  /** Bytes of the large variant: the file the Media file's `url` serves. */
  sizeBytes: number;
}

const tooLarge = () =>
  new ApiError(
    413,
    'imageTooLarge',
    undefined,
    { Connection: 'close' },
    { mb: MAX_IMAGE_BYTES / 1024 / 1024 },
  );
const notAnImage = () => new ApiError(415, 'imageType');
/**
 * A real image with more pixels than are decoded here: 422, the content is understood but refused
 * (413 speaks of bytes, and such an image may be a small file), under `body` as an empty one is.
 */
const tooManyPixels = () => {
  const params = { megapixels: MAX_IMAGE_PIXELS / 1_000_000 };
  return new ApiError(422, 'imagePixels', { body: [{ key: 'imagePixels', params }] }, {}, params);
};

/** An entry of the temporary folder untouched this long belongs to no upload under way. */
export const ABANDONED_UPLOAD_MS = 10 * 60_000;

/**
 * Removes what uploads cut off by a crash left in the temporary folder (every other path removes its
 * own files); answers how many entries went. Run at start. Only entries untouched for a while go: an
 * upload under way writes its file or folder all along, and another server on the same folder may be
 * receiving one.
 */
export async function removeAbandonedUploads(mediaDir: string, now = Date.now()): Promise<number> {
  const incoming = join(resolve(mediaDir, UPLOADS_FOLDER), TEMP_FOLDER);
  const names = await readdir(incoming).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const entry = join(incoming, name);
    const info = await stat(entry).catch(() => null);
    if (!info || now - info.mtimeMs < ABANDONED_UPLOAD_MS) continue;
    await rm(entry, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Passes bytes on while counting them; past the limit the stream fails with the 413. */
function byteCounter(limit: number, counted: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.byteLength;
      if (counted.bytes > limit) done(tooLarge());
      else done(null, chunk);
    },
  });
}

/**
 * At most this many images are decoded at once in the process. The decoded pixels, not the bytes
 * received, take the memory (a 10 MB PNG can hold tens of megapixels), so eight uploads at once
 * queue here instead of each holding a decoded image.
 */
const DECODE_SLOTS = 2;
let decoding = 0;
const waitingForSlot: Array<() => void> = [];

async function inDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  while (decoding >= DECODE_SLOTS) await new Promise<void>((resolve) => waitingForSlot.push(resolve));
  decoding += 1;
  try {
    return await work();
  } finally {
    decoding -= 1;
    waitingForSlot.shift()?.();
  }
}

/**
 * The image's MIME type when sharp reads it as one we accept, null when it does not, or `too-large`
 * for an accepted image of more than MAX_IMAGE_PIXELS.
 */
async function acceptedType(path: string): Promise<string | null | 'too-large'> {
  try {
    // Only the header is read (no pixels are decoded), so no pixel limit here: a large image is
    // told apart from something that is no image. The decode (writeVariants) keeps the limit.
    const meta = await sharp(path, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    const type = imageType(meta);
    return type !== null && meta.width * meta.height > MAX_IMAGE_PIXELS ? 'too-large' : type;
  } catch {
    return null;
  }
}

/** The MIME type of a format the upload accepts, else null. */
function imageType(meta: { format?: string; compression?: string }): string | null {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return `image/${meta.format}`;
    // AVIF is read as HEIF; HEVC-coded HEIF (HEIC) is a format the bundled libvips cannot decode.
    case 'heif':
      return meta.compression === 'av1' ? 'image/avif' : null;
    default:
      return null;
  }
}

/** The three square variants (cover crop, orientation from EXIF applied) written into `folder`. */
async function writeVariants(source: string, folder: string): Promise<void> {
  for (const side of Object.values(IMAGE_VARIANTS)) {
    // One variant at a time: each decode is bounded, and eight uploads at once stay within memory.
    await sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(side, side, { fit: 'cover' })
      .webp({ quality: 82 })
      .toFile(join(folder, `${side}.webp`));
  }
}

/**
 * Streams `body` to disk and stores it as an image; 413 past the byte limit, 415 when the content is
 * not an accepted image, 422 when it is empty or has more pixels than MAX_IMAGE_PIXELS.
 */
export async function storeImage(mediaDir: string, body: ReadableStream<Uint8Array>): Promise<StoredImage> {
  const root = resolve(mediaDir, UPLOADS_FOLDER);
  const incoming = join(root, TEMP_FOLDER);
  await mkdir(incoming, { recursive: true });
  const id = randomUUID();
  const tempFile = join(incoming, `${id}.upload`);
  const tempFolder = join(incoming, id);
  const counted = { bytes: 0 };
  try {
    await pipeline(
      Readable.fromWeb(body as WebReadableStream<Uint8Array>),
      byteCounter(MAX_IMAGE_BYTES, counted),
      createWriteStream(tempFile, { flags: 'wx' }),
    );
    if (counted.bytes === 0) throw new ApiError(422, 'invalidFields', { body: [{ key: 'imageEmpty' }] });
    const mimeType = await acceptedType(tempFile);
    if (mimeType === 'too-large') throw tooManyPixels();
    if (!mimeType) throw notAnImage();
    await mkdir(tempFolder);
    try {
      await inDecodeSlot(() => writeVariants(tempFile, tempFolder));
    } catch {
      // The header read well but the pixels did not (a truncated or corrupt file).
      throw notAnImage();
    }
    const { size } = await stat(join(tempFolder, `${IMAGE_VARIANTS.large}.webp`));
    await rename(tempFolder, join(root, id));
    return { storagePath: `${UPLOADS_FOLDER}/${id}`, sourceMimeType: mimeType, sizeBytes: size };
  } finally {
    await rm(tempFile, { force: true });
    await rm(tempFolder, { recursive: true, force: true });
  }
}

/** Removes a stored upload's folder (when its row could not be written, or was deleted). */
export async function removeImage(mediaDir: string, storagePath: string): Promise<void> {
  await rm(resolve(mediaDir, storagePath), { recursive: true, force: true });
}
