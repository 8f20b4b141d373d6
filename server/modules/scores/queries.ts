import { eq, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userScores } from '../../db/schema';

/** The user's points balance: the sum of the signed amounts of the score history. */
export async function scoresAmount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(userScores.amount) })
    .from(userScores)
    .where(eq(userScores.userId, userId));
  return Number(row?.total ?? 0);
}
