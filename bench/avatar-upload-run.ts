// `npx tsx bench/avatar-upload-run.ts`: the avatar upload figures alone, against a fresh server
// (the full `npm run bench` takes the largest image's figures too).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withServerProcess } from '../tests/e2e/support/server-process';
import { measureAvatarUploads, noiseImage } from './avatar-upload';

const DEMO_LEARNER = { email: 'learner@example.com', password: 'learner-demo' };

const server = {
  dataDir: mkdtempSync(join(tmpdir(), 'bench-avatar-pglite-')),
  mediaDir: mkdtempSync(join(tmpdir(), 'bench-avatar-media-')),
};
// The largest allowed image, then one a tenth of its size on the same server: the memory taken by
// 8 uploads at once should not follow the file size (the body is streamed to disk).
const figures = await withServerProcess(18190, server, async (origin) => ({
  largest: await measureAvatarUploads(origin, DEMO_LEARNER),
  tenth: await measureAvatarUploads(origin, DEMO_LEARNER, await noiseImage(1024 * 1024)),
}));
console.log(JSON.stringify(figures, null, 2));
