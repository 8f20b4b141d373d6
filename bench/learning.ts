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

export type StatisticsLoad = LoadFigure & {
  accepted: number;
  counted: number;
  lost: number;
  doubled: number;
};

/**
 * save-lesson-stat under load, each request with a key of its own and one viewed second; then pairs
 * sent twice with one key. Every accepted statistic must be counted exactly once: the lesson's viewed
 * seconds must grow by the accepted requests plus one per pair, no more (doubled) and no less (lost).
 */
export async function loadLessonStatistics(
  origin: string,
  headers: Record<string, string>,
  learning: BenchLearning,
): Promise<StatisticsLoad> {
  const before = await viewedSeconds(origin, headers, learning);
  const body = statisticBody(learning);
  const requestHeaders = { ...headers, 'content-type': 'application/json' };
  const result = await autocannon({
    url: `${origin}${API}/save-lesson-stat?lang=en`,
    method: 'POST',
    headers: requestHeaders,
    body,
    connections: LOAD.connections,
    duration: LOAD.durationSeconds,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': randomUUID() },
        }),
      },
    ],
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`save-lesson-stat load got ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  const accepted = result['2xx'];
  const pairs = Array.from({ length: REPLAYED_PAIRS }, () => randomUUID());
  const replies = await Promise.all(
    pairs.flatMap((key) =>
      [0, 1].map(() =>
        fetch(`${origin}${API}/save-lesson-stat?lang=en`, {
          method: 'POST',
          headers: { ...requestHeaders, 'idempotency-key': key },
          body,
        }).then((answer) => answer.status),
      ),
    ),
  );
  const refused = replies.filter((status) => status >= 300);
  if (refused.length > 0) throw new Error(`replayed statistics were refused: ${refused.join(', ')}`);
  const counted = (await viewedSeconds(origin, headers, learning)) - before;
  const expected = accepted + REPLAYED_PAIRS;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    accepted: expected,
    counted,
    lost: Math.max(expected - counted, 0),
    doubled: Math.max(counted - expected, 0),
  };
}
