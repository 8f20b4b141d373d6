import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isProcessAlive } from '../infra/process-alive';

/**
 * PGlite is a single-process database: two processes writing one folder corrupt it. A lock file next
 * to the folder (`<dir>.lock`, holding the owner's pid) keeps a second process out.
 */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The PGlite folder ${dataDir} is in use by process ${pid} (a running server). ` +
        'Stop that server first, or use PostgreSQL through DATABASE_URL.',
    );
  }
}

/** Takes the folder for this process; returns the release function. Stale locks of dead processes are taken over. */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/[/\\]+$/, '')}.lock`;
  mkdirSync(dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isProcessAlive(owner)) {
        throw new DataDirBusyError(dataDir, owner);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
