import { open, readFile, stat, unlink } from 'node:fs/promises';
import { isProcessAlive } from '../infra/process-alive';

/**
 * A lock between processes on one machine: a file created exclusively, holding the owner's pid.
 * Test files start servers in parallel processes that share one media cache; whoever comes first
 * builds an entry while the others wait, instead of every process doing the same ffmpeg work.
 * A lock whose owner has died (or that is older than `staleMs`) is taken over.
 */

const POLL_MS = 100;

export interface LockOptions {
  /** Give up waiting after this long. */
  timeoutMs?: number;
  /** A lock file older than this is considered left behind. */
  staleMs?: number;
}

async function isStale(path: string, staleMs: number): Promise<boolean> {
  const [text, info] = await Promise.all([
    readFile(path, 'utf8').catch(() => ''),
    stat(path).catch(() => null),
  ]);
  if (!info) return false;
  const pid = Number.parseInt(text, 10);
  if (Number.isInteger(pid) && pid > 0 && !isProcessAlive(pid)) return true;
  return Date.now() - info.mtimeMs > staleMs;
}

/** Runs `work` while holding the lock file `path`. */
export async function withFileLock<T>(
  path: string,
  work: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const { timeoutMs = 10 * 60_000, staleMs = 15 * 60_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await isStale(path, staleMs)) {
        await unlink(path).catch(() => undefined);
        continue;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for the lock ${path}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  try {
    return await work();
  } finally {
    await unlink(path).catch(() => undefined);
  }
}
