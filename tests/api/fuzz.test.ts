import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouteTable } from '../../server/app';
import * as schema from '../../server/db/schema';
import { SESSION_COOKIE } from '../../server/http/auth';
import type { ApiRoute } from '../../server/http/route';
import { hashToken, newToken } from '../../server/infra/tokens';
import { DEMO_ACCOUNTS } from '../../server/seed/index';
import { type FuzzRequest, percentEncode, requestFor, type UrlPart } from './fuzz-requests';
import { serverForFile } from './harness';
import { snapshot, TABLES } from './table-snapshot';

/**
 * Property: whatever a client sends to any route of the route table (wrong types, huge and negative
 * numbers, long text, control characters, NUL, invalid UTF-8, deep nesting, wrong content types,
 * with and without a session), the server never answers 5xx, and a refused (4xx) request leaves
 * every table exactly as it was. The routes come from the route table, so a new route is fuzzed
 * without touching this file; the requests are made in fuzz-requests.ts.
 *
 * FUZZ_RUNS (default 1000) and FUZZ_SECONDS (default 60) bound the whole run, split evenly over the
 * routes (at least 5 s each); FUZZ_SEED fixes the generated requests (fixed by default); FUZZ_REPORT=path writes
 * `{ requests, fiveXX, seconds, ... }` there.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_501);
const REPORT = process.env.FUZZ_REPORT;

const ROUTES = apiRouteTable();
const RUNS_PER_ROUTE = Math.max(1, Math.ceil(RUNS / ROUTES.length));
// fast-check counts a property interrupted before its first case as failed, so a route always gets
// at least a few seconds however many routes share the budget: a busy machine can take that long to
// answer one request of a slow route, which is not a finding.
const MS_PER_ROUTE = Math.max(5_000, (SECONDS * 1000) / ROUTES.length);

const { server, api } = serverForFile();

// ---------------------------------------------------------------------------------------------
// Sending, with the learner's live session kept alive between requests.

const learner = { id: 0, token: '', revokedToken: '' };
/** Set after a success: it may have ended the learner's session or account, so the next run renews it. */
let sessionMayBeGone = false;

async function renewLearnerSession() {
  await server.db.update(schema.users).set({ status: 10 }).where(eq(schema.users.id, learner.id));
  learner.token = newToken();
  await server.db.insert(schema.sessions).values({ userId: learner.id, tokenHash: hashToken(learner.token) });
  sessionMayBeGone = false;
}

function tokenOf({ credential, forged }: FuzzRequest): string {
  if (credential === 'revoked') return learner.revokedToken;
  if (credential === 'forged-bearer' || credential === 'forged-cookie') return forged;
  return credential === 'none' ? '' : learner.token;
}

function encodePart(part: UrlPart): string {
  if ('encoded' in part) return part.encoded;
  return percentEncode('token' in part ? learner.token : part.text);
}

function urlOf(route: ApiRoute, request: FuzzRequest): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const part = request.params[name];
    return part ? encodePart(part) : '';
  });
  const query = request.query.map(([key, part]) => `${percentEncode(key)}=${encodePart(part)}`).join('&');
  return `${server.url}${path}${query ? `?${query}` : ''}`;
}

function initOf(request: FuzzRequest): RequestInit {
  const headers: Record<string, string> = { 'X-App-Id': 'web' };
  const token = tokenOf(request);
  if (request.credential.endsWith('cookie')) headers.Cookie = `${SESSION_COOKIE}=${token}`;
  else if (token) headers.Authorization = `Bearer ${token}`;
  const { body } = request;
  // A GET cannot carry a body through fetch; its body fuzzing is everything but the body.
  if (body.kind === 'none' || request.method === 'GET') return { method: request.method, headers };
  if (body.contentType) headers['Content-Type'] = body.contentType;
  return {
    method: request.method,
    headers,
    body: body.kind === 'json' ? JSON.stringify(body.value) : new Uint8Array(body.bytes),
  };
}

async function send(url: string, init: RequestInit): Promise<number> {
  const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  // An event stream stays open: its status is the answer.
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) await response.body?.cancel();
  else await response.arrayBuffer();
  return response.status;
}

// ---------------------------------------------------------------------------------------------
// The property, checked route by route.

const tally = { requests: 0, fiveXX: 0, ms: 0, statuses: {} as Record<number, number> };

/** Sends one generated request: never a 5xx, and a refusal leaves every table as it was. */
async function checkOne(route: ApiRoute, request: FuzzRequest): Promise<void> {
  if (sessionMayBeGone) await renewLearnerSession();
  const url = urlOf(route, request);
  const init = initOf(request);
  const before = await snapshot(server.db);
  const status = await send(url, init);
  tally.requests += 1;
  if (status >= 500) tally.fiveXX += 1;
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
  const seen = `${init.method} ${url} (${request.credential}) answered ${status}`;
  expect(status, seen).toBeLessThan(500);
  if (status >= 400) {
    expect(await snapshot(server.db), seen).toEqual(before);
    return;
  }
  sessionMayBeGone = true;
  // Mail goes out after the answer; its outbox row must be final before the next snapshot.
  await server.mailSettled();
}

beforeAll(async () => {
  const email = DEMO_ACCOUNTS.learner.email;
  const [row] = await server.db.select().from(schema.users).where(eq(schema.users.email, email));
  if (!row) throw new Error(`the seed has no ${email}`);
  learner.id = row.id;
  learner.revokedToken = await api.login(email, DEMO_ACCOUNTS.learner.password);
  await api.post('/auth/logout', undefined, { token: learner.revokedToken });
  await renewLearnerSession();
});

afterAll(() => {
  if (!REPORT) return;
  const report = {
    database: process.env.TEST_DB ?? 'pglite',
    seed: SEED,
    routes: ROUTES.length,
    requests: tally.requests,
    fiveXX: tally.fiveXX,
    seconds: Math.round(tally.ms / 100) / 10,
    statuses: tally.statuses,
  };
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
});

describe('no request gets a 5xx or changes data when refused', () => {
  it('walks a route table that has routes', () => {
    expect(ROUTES.length).toBeGreaterThan(0);
    expect(TABLES).toContain('users');
  });

  for (const [index, route] of ROUTES.entries()) {
    it(
      `${route.method.toUpperCase()} ${route.path}`,
      async () => {
        const started = Date.now();
        // The time limit stops waiting for a run, not the run: it must end before the next route starts.
        let running: Promise<void> = Promise.resolve();
        try {
          await fc.assert(
            fc.asyncProperty(requestFor(route), (request) => {
              running = checkOne(route, request);
              return running;
            }),
            {
              numRuns: RUNS_PER_ROUTE,
              seed: SEED + index,
              interruptAfterTimeLimit: MS_PER_ROUTE,
              endOnFailure: true,
            },
          );
        } finally {
          await running.catch(() => undefined);
          tally.ms += Date.now() - started;
        }
      },
      MS_PER_ROUTE + 60_000,
    );
  }

  it('logged no unexpected server error', () => {
    expect(server.errors).toEqual([]);
  });
});
