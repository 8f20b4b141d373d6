import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type RunningServer = {
  origin: string;
  stop(): Promise<void>;
  /** Kills the server outright (SIGKILL, as a crash or a power cut of the process would) and waits until it is gone. */
  crash(): Promise<void>;
};

/**
 * PostgreSQL by URL, else PGlite in `dataDir` (a fresh folder when absent, removed when the server
 * stops); media in `mediaDir` (likewise).
 */
export type ServerDatabase = { databaseUrl?: string; dataDir?: string; mediaDir?: string };

/** True while any process of the group led by `pid` is alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function answers(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/spa/api/v1/external-application-config`)).ok;
  } catch {
    return false;
  }
}

/**
 * Starts the real server (`tsx server/main.ts`) as its own process, on a fresh database unless one is
 * named, and waits until it answers. The benchmarks use it, and e2e specs that must stop a server to
 * let the admin commands at its PGlite folder.
 * `npx` runs the server as a grandchild, so it gets its own process group: stopping signals the
 * whole group, else the server outlives the run and holds the port for the next one. `env` adds
 * variables of the server's configuration (a brand's tag ids, say) to the inherited ones.
 */
export async function startServerProcess(
  port: number,
  db: ServerDatabase,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const origin = `http://127.0.0.1:${port}`;
  // Whatever already answers there (a server left from an earlier run) would be measured instead.
  if (await answers(origin)) throw new Error(`port ${port} is taken by another server: stop it first`);
  const serverEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  // The folders made here are this server's alone and go when it stops; named ones are the caller's.
  const madeHere: string[] = [];
  const freshFolder = (prefix: string) => {
    const folder = mkdtempSync(join(tmpdir(), prefix));
    madeHere.push(folder);
    return folder;
  };
  if (db.databaseUrl) serverEnv.DATABASE_URL = db.databaseUrl;
  else serverEnv.DATA_DIR = db.dataDir ?? freshFolder('server-pglite-');
  serverEnv.MEDIA_DIR = db.mediaDir ?? freshFolder('server-media-');
  const child: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    env: serverEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the server');
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 90_000;
  while (!exited && Date.now() <= deadline && !(await answers(origin))) {
    await new Promise((r) => setTimeout(r, 300));
  }
  const stop = async () => {
    if (groupAlive(pid)) process.kill(-pid, 'SIGTERM');
    const killAt = Date.now() + 15_000;
    while (groupAlive(pid)) {
      if (Date.now() > killAt) process.kill(-pid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const folder of madeHere) rmSync(folder, { recursive: true, force: true });
  };
  const crash = async () => {
    if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
    await stop();
  };
  if (exited || Date.now() > deadline) {
    // Without this the run would hang on a server that is gone, or measure nothing.
    await stop();
    throw new Error(`the server on port ${port} did not start`);
  }
  return { origin, stop, crash };
}

/** Runs `work` against a fresh server and stops the server afterwards, also when `work` fails. */
export async function withServerProcess<T>(
  port: number,
  db: ServerDatabase,
  work: (origin: string) => Promise<T>,
): Promise<T> {
  const server = await startServerProcess(port, db);
  try {
    return await work(server.origin);
  } finally {
    await server.stop();
  }
}
