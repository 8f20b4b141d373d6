import { randomUUID } from 'node:crypto';
import type { BenchLearning } from './learning-data';
import { LOAD, type LoadFigure, loadGet, warmedLoad } from './load';

const API = '/spa/api/v1';
/** Replayed statistics: sent twice each, at the same time, with one key per pair. */
const REPLAYED_PAIRS = 100;

type StatusAnswer = { data: { lessons: { lesson_set_lesson_id: number; viewed_seconds: number }[] } };

/** The viewed seconds of every lesson of the stream, added up. */
export async function viewedSeconds(
  origin: string,
  headers: Record<string, string>,
  learning: BenchLearning,
) {
  const answer = await fetch(`${origin}${API}/user-course-streams/${learning.streamId}/status?lang=en`, {
    headers,
  });
  if (!answer.ok) throw new Error(`the status call answered ${answer.status}`);
  const { data } = (await answer.json()) as StatusAnswer;
  return data.lessons.reduce((sum, lesson) => sum + lesson.viewed_seconds, 0);
}

/** The stream status call of a 10 x 7 x 3 course under the run's load. */
export const loadStreamStatus = (origin: string, headers: Record<string, string>, learning: BenchLearning) =>
  loadGet(`${origin}${API}/user-course-streams/${learning.streamId}/status?lang=en`, headers);

/** One viewed second of the `index`-th lesson of the course, round the course's lessons. */
function statisticBody(learning: BenchLearning, index: number) {
  const lesson = learning.lessons[index % learning.lessons.length];
  if (!lesson) throw new Error('bench: the course has no lessons');
  return JSON.stringify({
    stage_day_id: lesson.dayId,
    user_course_stream_id: learning.streamId,
    stage_day_lesson_set_lesson_id: lesson.lessonSetLessonId,
    viewed_seconds: 1,
    play_count: 0,
    day_status: 'started',
  });
}

export type StatisticsLoad = LoadFigure & { sent: number; counted: number; lost: number; doubled: number };

/**
 * Sends one statistic under `key`; the status says whether it counted now (201) or had before (200).
 * A connection the server closed as it was reused (an idle keep-alive timing out on a busy machine)
 * is tried again under the same key, as the app's queue does: the count afterwards says whether
 * that ever counted twice.
 */
async function sendStatistic(origin: string, headers: Record<string, string>, body: string, key: string) {
  const send = () =>
    fetch(`${origin}${API}/save-lesson-stat?lang=en`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': key },
      body,
    });
  const answer = await send().catch(send);
  await answer.body?.cancel();
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`a statistic was refused: ${answer.status}`);
}

/** Runs `send` over `items`, `LOAD.connections` at a time. */
async function inParallel<T>(items: readonly T[], send: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += LOAD.connections) {
    await Promise.all(items.slice(start, start + LOAD.connections).map(send));
  }
}

/**
 * save-lesson-stat under load, each request with a key of its own and one viewed second, spread
 * over the course's lessons as a class of learners spreads over theirs. A load run
 * stops with requests in flight whose answers it never reads, so afterwards every key sent is sent
 * once more, as a client retrying after a lost answer does, and pairs of requests share a key. Every
 * statistic must then be counted exactly once: the stream's viewed seconds grow by the keys sent, no
 * more (doubled) and no less (lost).
 */
export async function loadLessonStatistics(
  origin: string,
  headers: Record<string, string>,
  learning: BenchLearning,
): Promise<StatisticsLoad> {
  const before = await viewedSeconds(origin, headers, learning);
  const requestHeaders = { ...headers, 'content-type': 'application/json' };
  const sent: { key: string; body: string }[] = [];
  // The warm-up's statistics are sent, replayed and counted like the measured run's.
  const result = await warmedLoad(
    {
      url: `${origin}${API}/save-lesson-stat?lang=en`,
      method: 'POST',
      headers: requestHeaders,
      requests: [
        {
          setupRequest: (request) => {
            const key = randomUUID();
            const body = statisticBody(learning, sent.length);
            sent.push({ key, body });
            return { ...request, body, headers: { ...request.headers, 'idempotency-key': key } };
          },
        },
      ],
    },
    'save-lesson-stat',
  );
  await inParallel(sent, ({ key, body }) => sendStatistic(origin, requestHeaders, body, key));
  const pairs = Array.from({ length: REPLAYED_PAIRS }, (_, index) => ({
    key: randomUUID(),
    body: statisticBody(learning, index),
  }));
  await inParallel([...pairs, ...pairs], ({ key, body }) => sendStatistic(origin, requestHeaders, body, key));
  const counted = (await viewedSeconds(origin, headers, learning)) - before;
  const statistics = sent.length + REPLAYED_PAIRS;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    sent: statistics,
    counted,
    lost: Math.max(statistics - counted, 0),
    doubled: Math.max(counted - statistics, 0),
  };
}
