// The profile photo's upload: how fast one image of the largest allowed size goes through (stream to
// disk, content check, three WebP variants), and the server's memory while 8 of them run at once.
// The route streams the body to a file, so the server's memory must not follow the images' size.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../server/modules/uploads/limits';
import { type Account, bearer, signIn } from './load';

const CONCURRENT = 8;
const SEQUENTIAL = 5;

/** A PNG of random-looking pixels of about `bytes`: noise does not compress, so it stays that large. */
export async function noiseImage(bytes = MAX_IMAGE_BYTES): Promise<Buffer> {
  const side = Math.floor(Math.sqrt(bytes / 3)) - 8;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  if (png.length > MAX_IMAGE_BYTES) throw new Error(`the bench image is ${png.length} bytes, over the limit`);
  return png;
}

/** The resident memory (KiB) of the process that listens on `port`: the server itself, not npx. */
function serverRssKib(port: number): number {
  const listing = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(listing)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}`);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function uploadOnce(origin: string, headers: Record<string, string>, image: Buffer): Promise<void> {
  const response = await fetch(`${origin}/spa/api/v1/media/upload`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'image/png' },
    body: new Uint8Array(image),
  });
  if (response.status !== 201)
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
}

export type AvatarUploadFigures = {
  imageMb: number;
  /** One upload at a time: MB of image per second, and the median seconds per upload. */
  sequentialMbPerSecond: number;
  medianSeconds: number;
  /** 8 at once: their total time, and the server's resident memory before and at its peak. */
  concurrent: {
    uploads: number;
    seconds: number;
    rssBeforeMb: number;
    rssPeakMb: number;
    rssGrowthMb: number;
  };
};

/** `image` defaults to the largest allowed; a smaller one shows whether memory follows the size. */
export async function measureAvatarUploads(
  origin: string,
  account: Account,
  image?: Buffer,
): Promise<AvatarUploadFigures> {
  const port = Number(new URL(origin).port);
  const headers = bearer(await signIn(origin, account));
  image ??= await noiseImage();
  // One upload first: the libraries' first use (sharp's, the database's) is not the upload's cost.
  await uploadOnce(origin, headers, image);

  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    const started = performance.now();
    await uploadOnce(origin, headers, image);
    times.push((performance.now() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((sum, time) => sum + time, 0);

  const rssBefore = serverRssKib(port);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, serverRssKib(port));
  }, 25);
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: CONCURRENT }, () => uploadOnce(origin, headers, image)));
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const mb = (kib: number) => Number((kib / 1024).toFixed(1));
  return {
    imageMb: Number((image.length / 1024 / 1024).toFixed(2)),
    sequentialMbPerSecond: Number(((image.length * SEQUENTIAL) / 1024 / 1024 / total).toFixed(2)),
    medianSeconds: Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(2)),
    concurrent: {
      uploads: CONCURRENT,
      seconds: Number(seconds.toFixed(2)),
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(rssPeak),
      rssGrowthMb: mb(rssPeak - rssBefore),
    },
  };
}
