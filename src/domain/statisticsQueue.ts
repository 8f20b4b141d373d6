/**
 * The rules of the statistics queue (content spec, sections 8 and 9; the offline issue's
 * "Statistics that are never lost"): what an entry holds, which failures drop it, how long to wait
 * before trying again, and how long a logout waits for the queue.
 */
import type { DayProgressStatus } from './learning/stream';
import { HTTP_STATUS, toRequestError } from './requestError';

/** One lesson statistic waiting to be sent, with the idempotency key it keeps until it is counted. */
export type QueuedStatistic = {
  key: string;
  streamId: number;
  dayId: number;
  lessonSetLessonId: number;
  viewedSeconds: number;
  playCount: number;
  /** The day's progress when the statistic was taken; absent where the lesson played without its day. */
  dayStatus?: DayProgressStatus;
  /** When it was queued (epoch ms): kept for the report of a dropped entry and for diagnosis. */
  queuedAt: number;
};

/** The first wait after a failed send; each further failure doubles it. */
export const STATISTICS_RETRY_FIRST_MS = 2_000;
/** The longest wait between two tries of the same entry. */
export const STATISTICS_RETRY_MAX_MS = 60_000;
/** How long a logout lets the queue send what it holds before the session ends; the rest stays stored. */
export const STATISTICS_FLUSH_BOUND_MS = 3_000;

/** Failures beyond this count wait as long as this one: counting further would change nothing. */
const MAX_COUNTED_FAILURES = Math.ceil(Math.log2(STATISTICS_RETRY_MAX_MS / STATISTICS_RETRY_FIRST_MS)) + 1;

/** The failure count after one more failure, capped where the wait stops growing. */
export const oneMoreFailure = (failures: number): number => Math.min(failures + 1, MAX_COUNTED_FAILURES);

/** The wait before the next try after `failures` failures in a row: 2 s, 4 s, 8 s ... 60 s. */
export function retryDelayMs(failures: number): number {
  const doublings = Math.max(failures - 1, 0);
  return Math.min(STATISTICS_RETRY_FIRST_MS * 2 ** doublings, STATISTICS_RETRY_MAX_MS);
}

/** Statuses of the 4xx range that say "not now" rather than "never": the entry waits and goes again. */
const TRANSIENT_CLIENT_STATUSES: ReadonlySet<number> = new Set([
  // The session ended: the entry stays stored under its learner for the next sign-in.
  HTTP_STATUS.unauthorized,
  408,
  HTTP_STATUS.tooManyRequests,
]);

/**
 * The server refused the entry itself (a 4xx such as 404 or 422): sending it again would be refused
 * again, so it is reported and dropped and never blocks the entries behind it (content spec,
 * section 8). No answer, a timeout and a 5xx keep it.
 */
export function isRefusedStatistic(error: unknown): boolean {
  const { status } = toRequestError(error);
  return status >= 400 && status < 500 && !TRANSIENT_CLIENT_STATUSES.has(status);
}

/** The queue with `entry` at its end, unless an entry with its key is queued already. */
export const withEntry = (entries: readonly QueuedStatistic[], entry: QueuedStatistic): QueuedStatistic[] =>
  entries.some((queued) => queued.key === entry.key) ? [...entries] : [...entries, entry];

/**
 * The stored entries first (they were queued earlier), then those queued while they were read; an
 * entry stored and also held in memory is kept once.
 */
export const mergeQueued = (
  stored: readonly QueuedStatistic[],
  inMemory: readonly QueuedStatistic[],
): QueuedStatistic[] => inMemory.reduce(withEntry, [...stored]);
