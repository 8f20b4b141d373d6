import { desc, eq, sum } from 'drizzle-orm';
import { Hono } from 'hono';
import { userScores } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/context';
import { readPaging, sendData, sendPage } from '../http/respond';
import type { Services } from '../services/container';
import { toSeconds } from '../services/users';

/** The session user's points: the balance and the history (newest first, signed amounts). */
export function scoreRoutes(services: Services) {
  const { db } = services;
  const auth = requireAuth(services.sessions);

  return new Hono<AppEnv>()
    .get('/user-score/amount', auth, async (c) => {
      const [row] = await db
        .select({ amount: sum(userScores.amount) })
        .from(userScores)
        .where(eq(userScores.userId, c.get('auth').user.id));
      return sendData(c, { amount: Number(row?.amount ?? 0) });
    })

    .get('/user-score', auth, async (c) => {
      const paging = readPaging(c);
      const mine = eq(userScores.userId, c.get('auth').user.id);
      const total = await db.$count(userScores, mine);
      const rows = await db
        .select()
        .from(userScores)
        .where(mine)
        .orderBy(desc(userScores.updatedAt), desc(userScores.id))
        .limit(paging.perPage)
        .offset(paging.offset);
      return sendPage(
        c,
        paging,
        total,
        rows.map((row) => ({ id: row.id, amount: row.amount, updated_at: toSeconds(row.updatedAt) })),
      );
    });
}
