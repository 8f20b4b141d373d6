import { beforeAll, describe, expect, it } from 'vitest';
import { apiRouteTable } from '../../server/app';
import { writeCourse } from '../../server/authoring/course-writer';
import {
  communities,
  courseServices,
  installments,
  paymentSubscriptions,
  schedules,
  sessions,
  streamFreezes,
  userCommunities,
  userCourseStreams,
  userDayStatuses,
  userExternalAuths,
  userScores,
  users,
} from '../../server/db/schema';
import { SESSION_COOKIE } from '../../server/http/auth';
import type { ApiRoute } from '../../server/http/route';
import { createPasswords } from '../../server/infra/passwords';
import { hashToken, newToken } from '../../server/infra/tokens';
import { timeOfMinute } from '../../src/domain/reminders';
import { expectClientContract } from './contract';
import { serverForFile, TEST_ARGON2 } from './harness';

/**
 * Every call of the route table that needs a credential, asked four ways: with none, with a revoked
 * token, with another learner's token and with the owner's, each through every way the call takes a
 * token (the bearer header and the session cookie the app keeps; the query for the event stream).
 * Only the owner's credential reaches the owner's data.
 *
 * Each learner's rows carry numbers and texts no one else has (ids, amounts, dates, e-mail, titles),
 * so "another learner sees none of the owner's data" is a search for those values in the answer.
 * Every check starts two fresh learners: a call that ends a session or an account ends only theirs.
 */

const { server } = serverForFile();

const AUTH_ROUTES = apiRouteTable().filter((r) => r.access === 'session' || r.access === 'stream-token');
type Carrier = 'bearer' | 'cookie' | 'query';
const carriersOf = (route: ApiRoute): Carrier[] =>
  route.access === 'stream-token' ? ['query', 'cookie', 'bearer'] : ['bearer', 'cookie'];
const nameOf = (route: ApiRoute) => `${route.method.toUpperCase()} ${route.path}`;

interface Learner {
  id: number;
  token: string;
  revokedToken: string;
  /** The values only this learner's rows hold. */
  markers: Set<string | number>;
  /** Path ids no list call hands out, by the route pattern up to the id (see `pathFor`). */
  unlistedIds: Record<string, number>;
}

/** Ids, amounts and dates (in seconds) that no seeded row and no other learner has. */
let nextMarker = 1_100_000_000;
const marker = () => {
  nextMarker += 1;
  return nextMarker;
};

let passwordHash = '';
let communityId = 0;
/** A service anyone signed in may read (course services are the school's offer, no one's own data). */
let serviceId = 0;

beforeAll(async () => {
  passwordHash = await createPasswords(TEST_ARGON2).hash('access-matrix-password');
  const [community] = await server.db.select({ id: communities.id }).from(communities).limit(1);
  const [service] = await server.db.select({ id: courseServices.id }).from(courseServices).limit(1);
  if (!community || !service) throw new Error('the seed has no community or course service');
  communityId = community.id;
  serviceId = service.id;
});

async function session(userId: number, revoked: boolean): Promise<string> {
  const token = newToken();
  await server.db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), revokedAt: revoked ? new Date() : null });
  return token;
}

/** A learner with one row in every learner table, each carrying the learner's own markers. */
async function createLearner(): Promise<Learner> {
  const db = server.db;
  const id = marker();
  const email = `learner-${id}@example.com`;
  const title = `Plan ${id}`;
  const [
    streamId,
    subscriptionId,
    scoreId,
    amount,
    installmentId,
    joinedAt,
    freezeId,
    dayStatusId,
    courseVersion,
    externalAuthId,
  ] = [marker(), marker(), marker(), marker(), marker(), marker(), marker(), marker(), marker(), marker()];
  const now = Date.now();
  const later = new Date(now + 30 * 24 * 3600 * 1000);
  await db.insert(users).values({ id, email, passwordHash, name: `Learner ${id}` });
  // A course of the learner's own: what is reached through it (stages, days) is theirs alone too.
  const course = await writeCourse(db, {
    title: `Course ${id}`,
    version: courseVersion,
    stages: [
      {
        title: `Stage ${id}`,
        days: [{ title: `Day ${id}`, lessonSets: [{ lessons: [{ title: `Lesson ${id}` }] }] }],
      },
    ],
  });
  const openDayId = course.days[0]?.id;
  if (openDayId === undefined) throw new Error('the learner course has no day');
  await db.insert(userCourseStreams).values({
    id: streamId,
    userId: id,
    courseId: course.courseId,
    courseVersion,
    startDate: new Date(now - 24 * 3600 * 1000),
    endDate: later,
  });
  // A freeze still to come: the stream stays open, and there is a freeze to cancel.
  await db.insert(streamFreezes).values({
    id: freezeId,
    streamId,
    startDate: new Date(now + 10 * 24 * 3600 * 1000),
    endDate: new Date(now + 12 * 24 * 3600 * 1000),
  });
  await db.insert(userDayStatuses).values({ id: dayStatusId, streamId, dayId: openDayId });
  await db.insert(paymentSubscriptions).values({ id: subscriptionId, userId: id, status: 'active', title });
  await db.insert(userScores).values({ id: scoreId, userId: id, amount });
  await db.insert(installments).values({ id: installmentId, userId: id, status: 'active' });
  await db
    .insert(userExternalAuths)
    .values({ id: externalAuthId, userId: id, source: 'google', subject: `g-${id}` });
  // A reminder time of the learner's own: learners made one after the other get different minutes.
  const reminderTime = timeOfMinute(id % 1440);
  await db.insert(schedules).values({ userId: id, weekday: 1, minuteOfDay: id % 1440 });
  await db
    .insert(userCommunities)
    .values({ userId: id, communityId, startDate: new Date(joinedAt * 1000), endDate: later });
  return {
    id,
    token: await session(id, false),
    revokedToken: await session(id, true),
    markers: new Set([
      id,
      email,
      `Learner ${id}`,
      title,
      streamId,
      subscriptionId,
      scoreId,
      amount,
      installmentId,
      joinedAt,
      freezeId,
      dayStatusId,
      `Course ${id}`,
      `Stage ${id}`,
      `Day ${id}`,
      `Lesson ${id}`,
      courseVersion,
      reminderTime,
      externalAuthId,
    ]),
    unlistedIds: {
      '/user-course-streams/:streamId/user-day-status/:dayId': openDayId,
      '/user-course-streams/:streamId/user-day-status/:id': dayStatusId,
      '/course-services/:id': serviceId,
      // The social networks list is GET /user-external-auth (singular), beside no plural list.
      '/user-external-auths/:id': externalAuthId,
    },
  };
}

interface Answer {
  status: number;
  body: unknown;
}

async function callAs(
  route: ApiRoute,
  path: string,
  carrier: Carrier,
  token: string | null,
): Promise<Answer> {
  const headers: Record<string, string> = { 'X-App-Id': 'web' };
  let url = `${server.url}${path}`;
  if (token !== null && carrier === 'bearer') headers.Authorization = `Bearer ${token}`;
  if (token !== null && carrier === 'cookie') headers.Cookie = `${SESSION_COOKIE}=${token}`;
  if (token !== null && carrier === 'query') url += `?token=${encodeURIComponent(token)}`;
  const withBody = route.method === 'post' || route.method === 'put';
  if (withBody) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: route.method.toUpperCase(),
    headers,
    body: withBody ? '{}' : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    // The stream stays open for as long as the session lives: its status is the answer.
    await response.body?.cancel();
    return { status: response.status, body: null };
  }
  const body: unknown = await response.json();
  if (response.ok) expectClientContract(route.method, path.slice(route.base.length), body);
  return { status: response.status, body };
}

/** Every number and text in an answer. */
function leaves(value: unknown): (string | number)[] {
  if (typeof value === 'string' || typeof value === 'number') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

const markersIn = (answer: Answer, learner: Learner) =>
  leaves(answer.body).filter((v) => learner.markers.has(v));

/**
 * The route's path with its ids filled, left to right, with the owner's rows: each found through the
 * list beside it (`/courses` for `:courseId`, then `/courses/1/stages` for `:stageId`), or, for an id
 * no list hands out, taken from the rows `createLearner` made (`unlistedIds`).
 */
async function pathFor(route: ApiRoute, owner: Learner): Promise<string> {
  let path = route.path;
  for (const param of route.path.matchAll(/:\w+/g)) {
    const pattern = route.path.slice(route.base.length, param.index + param[0].length);
    const unlisted = owner.unlistedIds[pattern];
    if (unlisted !== undefined) {
      path = path.replace(param[0], String(unlisted));
      continue;
    }
    const listPath = path.slice(0, path.indexOf(param[0]) - 1);
    const list = await fetch(`${server.url}${listPath}`, {
      headers: { Authorization: `Bearer ${owner.token}`, 'X-App-Id': 'web' },
    });
    const rows = ((await list.json()) as { data?: { id?: number }[] }).data;
    const id = rows?.[0]?.id;
    if (!list.ok || typeof id !== 'number') {
      throw new Error(
        `${nameOf(route)}: GET ${listPath} gave the owner no row whose id could fill ${param[0]}`,
      );
    }
    path = path.replace(param[0], String(id));
  }
  return path;
}

/** Query parameters a call cannot do without, by route pattern (without the base). */
const requiredQuery = (): Record<string, string> => ({ '/course-services/view': `?id=${serviceId}` });

/** The route's path with ids no row has. */
const missingPathFor = (route: ApiRoute) => route.path.replace(/:\w+/g, '2147483647');

const checked: string[] = [];

describe('only the owner reaches the owner’s data', () => {
  for (const route of AUTH_ROUTES) {
    for (const carrier of carriersOf(route)) {
      it(`${nameOf(route)} with the token as ${carrier}`, async () => {
        const owner = await createLearner();
        const other = await createLearner();
        const path =
          (await pathFor(route, owner)) + (requiredQuery()[route.path.slice(route.base.length)] ?? '');

        expect((await callAs(route, path, carrier, null)).status, 'no credential').toBe(401);
        expect((await callAs(route, path, carrier, owner.revokedToken)).status, 'revoked token').toBe(401);
        expect((await callAs(route, path, carrier, 'forged-token')).status, 'forged token').toBe(401);

        const theirs = await callAs(route, path, carrier, other.token);
        expect(theirs.status, "another learner's token").not.toBe(401);
        expect(markersIn(theirs, owner), "the owner's values in another learner's answer").toEqual([]);
        if (route.learnerData && path !== route.path) {
          // Input is checked before ownership, so an empty body may answer 422 first; either way
          // another learner's row answers exactly like a row no one has, and a read is a 404.
          const missing = await callAs(route, missingPathFor(route), carrier, other.token);
          expect(theirs, "another learner asks for the owner's row").toEqual(missing);
          if (!route.body) expect(theirs.status, "another learner asks for the owner's row").toBe(404);
        }

        // Last: the owner's own call may end the session or the account (logout, deletion).
        const mine = await callAs(route, path, carrier, owner.token);
        expect([401, 403, 404], `the owner's answer ${mine.status}`).not.toContain(mine.status);
        if (route.method === 'get') expect(mine.status).toBe(200);
        // A read of learner data must show the owner's rows, or the check above proved nothing.
        if (route.learnerData && route.method === 'get') expect(markersIn(mine, owner)).not.toEqual([]);
        expect(markersIn(mine, other), "another learner's values in the owner's answer").toEqual([]);
        checked.push(`${nameOf(route)} ${carrier}`);
      });
    }
  }

  it('checked every call of the route table that needs a credential, each way it takes one', () => {
    const expected = AUTH_ROUTES.flatMap((route) => carriersOf(route).map((c) => `${nameOf(route)} ${c}`));
    expect(AUTH_ROUTES.length).toBeGreaterThan(0);
    expect(checked.sort()).toEqual(expected.sort());
  });

  it('logged no unexpected server error', () => {
    expect(server.errors).toEqual([]);
  });
});
