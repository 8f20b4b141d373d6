import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../../../src/api/client';
import type { AppEffects } from '../../../../../src/app/effects';

const session = vi.hoisted(() => ({ token: 'learner-token' as string | null }));
vi.mock('../../../../../src/platform/tokenStorage', () => ({ readToken: () => session.token }));

/** The module as a page load starts it: what it kept and what the page read are its own. */
type ReadAhead = typeof import('../../../../../src/features/learning/common/pageReadAhead.provide');
let readAhead: ReadAhead;

/** What the server answers, by path: stream 5 of course 2, its statuses and the course's one day. */
const answers: Record<string, unknown> = {
  '/user-course-streams/5': {
    id: 5,
    course_id: 2,
    start_date: 1_900_000_000,
    end_date: null,
    status: 'open',
    is_demo: 0,
    course_full_access: 1,
    mobile_access: 1,
    is_optional_purchase: 0,
  },
  '/user-course-streams/5/status': { stages: [], days: [], lessons: [] },
  '/courses/2/days': [{ id: 12, stage_id: 3, day_number: 1 }],
  '/courses/2': { id: 2, title: 'Calm mind', version: 1 },
};

let calls: { path: string; token: string | undefined }[];
const api: ApiClient = {
  request: async (schema, path, options) => {
    calls.push({ path, token: options?.token });
    return { data: v.parse(schema, answers[path]), headers: new Headers() };
  },
} as ApiClient;
const effects = { api } as AppEffects;
/** Lets the read-ahead's steps (the days follow the stream's answer) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  vi.resetModules();
  readAhead = await import('../../../../../src/features/learning/common/pageReadAhead.provide');
  calls = [];
  session.token = 'learner-token';
});

describe('reading a stream page ahead', () => {
  it('reads the stream and its statuses at once, then its course and the days, all with the stored session', async () => {
    readAhead.readAheadOfPage(api, 'learner-token', 5);
    await settle();
    expect(calls).toEqual([
      { path: '/user-course-streams/5', token: 'learner-token' },
      { path: '/user-course-streams/5/status', token: 'learner-token' },
      { path: '/courses/2/days', token: 'learner-token' },
      { path: '/courses/2', token: 'learner-token' },
    ]);
  });

  it('the page takes each answer once; a later read asks the server', async () => {
    readAhead.readAheadOfPage(api, 'learner-token', 5);
    await settle();
    calls = [];
    expect((await readAhead.readStream(effects, 5)).courseId).toBe(2);
    expect((await readAhead.readStreamStatuses(effects, 5)).days).toEqual([]);
    expect((await readAhead.readCourseDays(effects, 2)).map((day) => day.id)).toEqual([12]);
    expect((await readAhead.readCourse(effects, 2)).title).toBe('Calm mind');
    expect(calls).toEqual([]);

    await readAhead.readStream(effects, 5);
    await readAhead.readStreamStatuses(effects, 5);
    await readAhead.readCourseDays(effects, 2);
    await readAhead.readCourse(effects, 2);
    expect(calls.map((call) => call.path)).toEqual([
      '/user-course-streams/5',
      '/user-course-streams/5/status',
      '/courses/2/days',
      '/courses/2',
    ]);
  });

  it('answers read for another session are not given to this one', async () => {
    readAhead.readAheadOfPage(api, 'learner-token', 5);
    await settle();
    session.token = 'another-learner-token';
    calls = [];
    await readAhead.readStream(effects, 5);
    expect(calls).toEqual([{ path: '/user-course-streams/5', token: undefined }]);
  });

  it('answers kept longer than half a minute are read again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      readAhead.readAheadOfPage(api, 'learner-token', 5);
      await settle();
      vi.advanceTimersByTime(30_001);
      calls = [];
      await readAhead.readStream(effects, 5);
      expect(calls.map((call) => call.path)).toEqual(['/user-course-streams/5']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an answer that comes after the page read for itself is not kept for a later read', async () => {
    // The page reads the stream before the read-ahead has started.
    await readAhead.readStream(effects, 5);
    readAhead.readAheadOfPage(api, 'learner-token', 5);
    await settle();
    calls = [];
    await readAhead.readStream(effects, 5);
    expect(calls.map((call) => call.path)).toEqual(['/user-course-streams/5']);
  });
});
