import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type RunningServer = { origin: string; stop(): Promise<void> };

/** Starts the real server (`tsx server/main.ts`) on a fresh database and waits until it answers. */
export async function startBenchServer(port: number, db: { databaseUrl?: string }): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
  if (db.databaseUrl) env.DATABASE_URL = db.databaseUrl;
  else env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  const child: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${origin}/spa/api/v1/external-application-config`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    origin,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
