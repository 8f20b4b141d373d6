import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isProcessAlive } from '../infra/process-alive';

/**
 * Where an import stages its transcodes and copies: a folder in MEDIA_DIR named after the process
 * and machine that made it. An import that stops normally (done, refused, or interrupted) removes its
 * own; one whose process was killed or whose machine stopped leaves it behind, and the next import
 * removes it, knowing by the name that its owner is gone. A folder of another machine (a media folder
 * shared over the network) is never touched: whether its owner lives cannot be told from here.
 */

const PREFIX = '.import-';
// The host name is kept out of the pattern's separators: whatever it holds, the name parses back.
const hostTag = () => Buffer.from(hostname()).toString('hex');
const STAGING_NAME = /^\.import-(\d+)-([0-9a-f]*)-[0-9a-f-]{36}$/;

/** A new staging folder's path for this process (not yet made). */
export const newStagingFolder = (mediaRoot: string): string =>
  join(mediaRoot, `${PREFIX}${process.pid}-${hostTag()}-${randomUUID()}`);

/** Removes the staging folders left in `mediaRoot` by processes of this machine that are gone. */
export async function removeAbandonedStaging(mediaRoot: string): Promise<void> {
  const names = await readdir(mediaRoot).catch(() => [] as string[]);
  const host = hostTag();
  await Promise.all(
    names.map(async (name) => {
      const match = STAGING_NAME.exec(name);
      if (!match || match[2] !== host) return;
      const owner = Number(match[1]);
      if (owner === process.pid || isProcessAlive(owner)) return;
      await rm(join(mediaRoot, name), { recursive: true, force: true });
    }),
  );
}
