import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/seed/index';
import { startServerProcess } from '../e2e/support/server-process';

/**
 * The server on its embedded database (PGlite, the default), killed outright while statistics pour
 * in, must keep every one it answered 201 for: a learner's acknowledged work is never lost. Its
 * folder must open again after the kill, and a retry of an acknowledged statistic must find it.
 * (PostgreSQL's own durability is its own; this checks what the project runs in-process.)
 */

const API = '/spa/api/v1';
const folders: string[] = [];
const folder = (prefix: string) => {
  const path = mkdtempSync(join(tmpdir(), prefix));
  folders.push(path);
  return path;
};
afterAll(() => {
  for (const path of folders) rmSync(path, { recursive: true, force: true });
});

/** A loopback port free now: the server process is started on it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function call<T>(origin: string, path: string, token: string, init: RequestInit = {}) {
  const answer = await fetch(`${origin}${API}${path}${path.includes('?') ? '&' : '?'}lang=en`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  return { status: answer.status, body: (await answer.json()) as { data: T } };
}

type Stream = { id: number; course_id: number; status: string; is_demo: number | boolean };
type Day = { id: number; opening_delay: number; lesson_sets: { lessons: { id: number }[] }[] };

/** The demo learner's open course bought in full, and the lessons of its first day. */
async function firstDayLessons(origin: string, token: string) {
  const streams = (await call<Stream[]>(origin, '/user-course-streams', token)).body.data;
  const stream = streams.find((candidate) => candidate.status === 'open' && !candidate.is_demo);
  if (!stream) throw new Error('the demo learner has no open stream');
  const stages = (await call<{ id: number }[]>(origin, `/courses/${stream.course_id}/stages`, token)).body
    .data;
  const days = (await call<Day[]>(origin, `/courses/${stream.course_id}/stages/${stages[0]?.id}/days`, token))
    .body.data;
  const day = days.find((candidate) => candidate.opening_delay === 0);
  const lessons = day?.lesson_sets.flatMap((set) => set.lessons.map((lesson) => lesson.id)) ?? [];
  if (!day || lessons.length === 0) throw new Error('the first day of the demo course has no lessons');
  return { streamId: stream.id, dayId: day.id, lessons };
}

const viewedSeconds = async (origin: string, token: string, streamId: number) => {
  const status = await call<{ lessons: { viewed_seconds: number }[] }>(
    origin,
    `/user-course-streams/${streamId}/status`,
    token,
  );
  return status.body.data.lessons.reduce((sum, lesson) => sum + lesson.viewed_seconds, 0);
};

describe('a crash of the server on its embedded database', () => {
  it('keeps every statistic it acknowledged', { timeout: 180_000 }, async () => {
    const database = { dataDir: folder('crash-pglite-'), mediaDir: folder('crash-media-') };
    const port = await freePort();
    const server = await startServerProcess(port, database);
    const { origin } = server;
    const login = await fetch(`${origin}${API}/auth/login?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ACCOUNTS.learner),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const { streamId, dayId, lessons } = await firstDayLessons(origin, token);
    const before = await viewedSeconds(origin, token, streamId);

    // Four learners' worth of players sending one viewed second each, each under a key of its own,
    // until the server is killed once 150 were acknowledged.
    const acknowledged: { key: string; id: number }[] = [];
    let sent = 0;
    let killed: Promise<void> | undefined;
    const player = async () => {
      while (!killed) {
        const key = randomUUID();
        const body = JSON.stringify({
          stage_day_id: dayId,
          user_course_stream_id: streamId,
          stage_day_lesson_set_lesson_id: lessons[sent % lessons.length],
          viewed_seconds: 1,
          play_count: 0,
        });
        sent += 1;
        const answer = await call<{ id: number }>(origin, '/save-lesson-stat', token, {
          method: 'POST',
          headers: { 'idempotency-key': key },
          body,
        }).catch(() => null);
        if (answer === null) return;
        expect(answer.status).toBe(201);
        acknowledged.push({ key, id: answer.body.data.id });
        if (acknowledged.length >= 150) killed ??= server.crash();
      }
    };
    await Promise.all([player(), player(), player(), player()]);
    await killed;

    const restarted = await startServerProcess(port, database);
    try {
      const counted = (await viewedSeconds(restarted.origin, token, streamId)) - before;
      // Each acknowledged statistic is there; those cut off by the kill may or may not be.
      expect(counted).toBeGreaterThanOrEqual(acknowledged.length);
      expect(counted).toBeLessThanOrEqual(sent);
      // And each is the one acknowledged: its retry gets the first answer back and counts nothing.
      for (const { key, id } of acknowledged.slice(-20)) {
        const retry = await call<{ id: number }>(restarted.origin, '/save-lesson-stat', token, {
          method: 'POST',
          headers: { 'idempotency-key': key },
          body: JSON.stringify({
            stage_day_id: dayId,
            user_course_stream_id: streamId,
            stage_day_lesson_set_lesson_id: lessons[0],
            viewed_seconds: 1,
            play_count: 0,
          }),
        });
        expect(retry).toMatchObject({ status: 200, body: { data: { id } } });
      }
      expect((await viewedSeconds(restarted.origin, token, streamId)) - before).toBe(counted);
    } finally {
      await restarted.stop();
    }
  });
});
