import * as v from 'valibot';
import type { userScores } from '../../db/schema';
import { toSeconds } from '../../http/time';

/** A point entry: positive amounts are top-ups, negative ones debits. */
export const WireScore = v.object({ id: v.number(), amount: v.number(), updated_at: v.number() });
export const WireScoreAmount = v.object({ amount: v.number() });

export function toWireScore(row: typeof userScores.$inferSelect): v.InferOutput<typeof WireScore> {
  return { id: row.id, amount: row.amount, updated_at: toSeconds(row.updatedAt) };
}
