import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { BenchLearning } from './learning-data';
import { LOAD, type LoadFigure, loadGet } from './load';

const API = '/spa/api/v1';
/** Replayed statistics: sent twice each, at the same time, with one key per pair. */
const REPLAYED_PAIRS = 100;

type StatusAnswer = { data: { lessons: { lesson_set_lesson_id: number; viewed_seconds: number }[] } };

async function viewedSeconds(origin: string, headers: Record<string, string>, learning: BenchLearning) {
  const answer = await fetch(`${origin}${API}/user-course-streams/${learning.streamId}/status?lang=en`, {
    headers,
  });
  if (!answer.ok) throw new Error(`the status call answered ${answer.status}`);
  const { data } = (await answer.json()) as StatusAnswer;
  return (
    data.lessons.find((lesson) => lesson.lesson_set_lesson_id === learning.lessonSetLessonId)
      ?.viewed_seconds ?? 0
  );
}

/** The stream status call of a 10 x 7 x 3 course under the run's load. */
export const loadStreamStatus = (origin: string, headers: Record<string, string>, learning: BenchLearning) =>
  loadGet(`${origin}${API}/user-course-streams/${learning.streamId}/status?lang=en`, headers);

function statisticBody(learning: BenchLearning) {
  return JSON.stringify({
    stage_day_id: learning.dayId,
    user_course_stream_id: learning.streamId,
    stage_day_lesson_set_lesson_id: learning.lessonSetLessonId,
    viewed_seconds: 1,
    play_count: 0,
    day_status: 'started',
  });
}

export type StatisticsLoad = LoadFigure & { sent: number; counted: number; lost: number; doubled: number };

/** Sends one statistic under `key`; the status says whether it counted now (201) or had before (200). */
async function sendStatistic(origin: string, headers: Record<string, string>, body: string, key: string) {
  const answer = await fetch(`${origin}${API}/save-lesson-stat?lang=en`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': key },
    body,
  });
  await answer.body?.cancel();
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`a statistic was refused: ${answer.status}`);
}

/** Runs `send` over `keys`, `LOAD.connections` at a time. */
async function inParallel(keys: readonly string[], send: (key: string) => Promise<void>) {
  for (let start = 0; start < keys.length; start += LOAD.connections) {
    await Promise.all(keys.slice(start, start + LOAD.connections).map(send));
  }
}

/**
 * save-lesson-stat under load, each request with a key of its own and one viewed second. A load run
 * stops with requests in flight whose answers it never reads, so afterwards every key sent is sent
 * once more, as a client retrying after a lost answer does, and pairs of requests share a key. Every
 * statistic must then be counted exactly once: the lesson's viewed seconds grow by the keys sent, no
 * more (doubled) and no less (lost).
 */
export async function loadLessonStatistics(
  origin: string,
  headers: Record<string, string>,
  learning: BenchLearning,
): Promise<StatisticsLoad> {
  const before = await viewedSeconds(origin, headers, learning);
  const body = statisticBody(learning);
  const requestHeaders = { ...headers, 'content-type': 'application/json' };
  const sentKeys: string[] = [];
  const result = await autocannon({
    url: `${origin}${API}/save-lesson-stat?lang=en`,
    method: 'POST',
    headers: requestHeaders,
    body,
    connections: LOAD.connections,
    duration: LOAD.durationSeconds,
    requests: [
      {
        setupRequest: (request) => {
          const key = randomUUID();
          sentKeys.push(key);
          return { ...request, headers: { ...request.headers, 'idempotency-key': key } };
        },
      },
    ],
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`save-lesson-stat load got ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  await inParallel(sentKeys, (key) => sendStatistic(origin, requestHeaders, body, key));
  const pairs = Array.from({ length: REPLAYED_PAIRS }, () => randomUUID());
  await inParallel([...pairs, ...pairs], (key) => sendStatistic(origin, requestHeaders, body, key));
  const counted = (await viewedSeconds(origin, headers, learning)) - before;
  const sent = sentKeys.length + REPLAYED_PAIRS;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    sent,
    counted,
    lost: Math.max(sent - counted, 0),
    doubled: Math.max(counted - sent, 0),
  };
}
