import * as v from 'valibot';
import { POINTS_HISTORY_PAGE_SIZE } from '../domain/limits';
import { type PointsEntry, type PointsPage, toPointsEntry } from '../domain/points';
import { type ApiClient, readPagination } from './client';
import { secondsToMs } from './wire';

/**
 * The learner's points history (GET /user-score, newest first, paged by 20). The balance is
 * GET /user-score/amount, read by `fetchScoreAmount` beside the other start lists.
 */

/** An entry as the server sends it: a signed amount (positive = top-up) and the change time in seconds. */
export const WireScoreSchema = v.object({ id: v.number(), amount: v.number(), updated_at: v.number() });

export const toPointsEntryFromWire = (wire: v.InferOutput<typeof WireScoreSchema>): PointsEntry =>
  toPointsEntry(wire.id, wire.amount, secondsToMs(wire.updated_at));

/** One page of the history (from 1); without pagination headers the page is taken as the last one. */
export async function fetchPointsPage(api: ApiClient, page: number): Promise<PointsPage> {
  const { data, headers } = await api.request(v.array(WireScoreSchema), '/user-score', {
    query: { page, 'per-page': POINTS_HISTORY_PAGE_SIZE },
  });
  const pagination = readPagination(headers);
  return {
    entries: data.map(toPointsEntryFromWire),
    page: pagination?.currentPage ?? page,
    pageCount: pagination?.pageCount ?? page,
  };
}
