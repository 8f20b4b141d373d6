import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, type ServerOptions, startServer } from '../../server/app';
import type { DatabaseOptions } from '../../server/db/client';
import type { Logger } from '../../server/infra/logger';
import { type ApiClient, apiClient } from './client';

/**
 * Starts the real server on a fresh database for one test file: in-memory PGlite (TEST_DB=pglite,
 * the default) or a throw-away PostgreSQL database `t_<random>` (TEST_DB=postgres, TEST_PG_URL).
 * A real SMTP peer on loopback collects every mail the server sends.
 */

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export interface TestServer {
  /** Origin, e.g. http://127.0.0.1:41234 */
  url: string;
  /** http://127.0.0.1:port/spa/api/v1 */
  api: string;
  db: RunningServer['db'];
  /** The server's media folder: a fresh one per server (removed on close) unless the options name one. */
  mediaDir: string;
  mails: ReceivedMail[];
  /** Waits for a mail to this address (mail goes out after the answer). */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  errors: string[];
  /** What the server logged as information (a client gone, a push answered), in order. */
  notes: string[];
  /** Resolves once mail queued by earlier answers has gone out. */
  mailSettled(): Promise<void>;
  close(): Promise<void>;
}

/** Low Argon2id cost: the same algorithm, fast enough for a few hundred hashes per run. */
export const TEST_ARGON2 = { memoryCost: 1024, timeCost: 2 };

interface TestDatabase {
  options: DatabaseOptions;
  drop(): Promise<void>;
}

async function createTestDatabase(): Promise<TestDatabase> {
  const kind = process.env.TEST_DB ?? 'pglite';
  if (kind === 'pglite') return { options: { kind: 'pglite' }, drop: async () => undefined };
  if (kind !== 'postgres') throw new Error(`TEST_DB must be pglite or postgres, got "${kind}"`);
  const adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) {
    throw new Error(
      'TEST_DB=postgres needs TEST_PG_URL, a role with CREATEDB, e.g. postgres://app:app@127.0.0.1:5432/postgres',
    );
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    options: { kind: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await dropWhenFree(client, name);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * FORCE ends the test's own connections, but not an autovacuum worker that happens to be busy in
 * the fresh database (it belongs to the superuser): that refusal (42501) or "in use" (55006) clears
 * once the worker is done, so the drop is tried again for a few seconds.
 */
async function dropWhenFree(client: pg.Client, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 20 || (code !== '42501' && code !== '55006')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function startSmtpPeer(mails: ReceivedMail[]) {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          mails.push({
            to: to?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export async function startTestServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const mails: ReceivedMail[] = [];
  const errors: string[] = [];
  const notes: string[] = [];
  // Unexpected server errors are collected so tests can assert there were none.
  const log: Logger = {
    info: (line) => notes.push(line),
    error: (line, error) => errors.push(`${line} ${String(error ?? '')}`),
  };
  const smtp = await startSmtpPeer(mails);
  const database = await createTestDatabase();
  // Media ids restart with every fresh database, so every server gets its own media folder.
  const ownMediaDir = options.mediaDir ? undefined : await mkdtemp(join(tmpdir(), 'test-media-'));
  const mediaDir = options.mediaDir ?? (ownMediaDir as string);
  const removeMedia = () => (ownMediaDir ? rm(ownMediaDir, { recursive: true, force: true }) : undefined);
  let server: RunningServer;
  try {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      database: database.options,
      smtpUrl: smtp.url,
      argon2: TEST_ARGON2,
      log,
      ...options,
      mediaDir,
    });
  } catch (error) {
    await smtp.close();
    await database.drop();
    await removeMedia();
    throw error;
  }
  return {
    url: server.url,
    api: `${server.url}/spa/api/v1`,
    db: server.db,
    mediaDir,
    mails,
    errors,
    notes,
    mailSettled: () => server.mailSettled(),
    async waitForMail(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to === to);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      await server.close();
      await smtp.close();
      await database.drop();
      await removeMedia();
    },
  };
}

/**
 * One server for the calling test file: started in `beforeAll`, closed in `afterAll`. The `server`
 * and `api` handed back are usable from the tests and hooks on; they reach the started server.
 */
export function serverForFile(options: Partial<ServerOptions> = {}): { server: TestServer; api: ApiClient } {
  let started: TestServer | undefined;
  const current = () => {
    if (!started) throw new Error('the test server starts in beforeAll: use it in tests and hooks only');
    return started;
  };
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(() => started?.close());
  const server: TestServer = {
    get url() {
      return current().url;
    },
    get api() {
      return current().api;
    },
    get db() {
      return current().db;
    },
    get mediaDir() {
      return current().mediaDir;
    },
    get mails() {
      return current().mails;
    },
    get errors() {
      return current().errors;
    },
    get notes() {
      return current().notes;
    },
    waitForMail: (to, timeoutMs) => current().waitForMail(to, timeoutMs),
    mailSettled: () => current().mailSettled(),
    close: () => current().close(),
  };
  return { server, api: apiClient(() => server.api) };
}
