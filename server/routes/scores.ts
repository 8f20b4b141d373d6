import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { userScores } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/context';
import { sendListPage } from '../http/list-page';
import { sendData } from '../http/respond';
import type { Services } from '../services/container';
import { scoresAmount, toSeconds } from '../services/users';

/** The session user's points: the balance and the history (newest first, signed amounts). */
export function scoreRoutes(services: Services) {
  const { db } = services;
  const auth = requireAuth(services.sessions);

  return new Hono<AppEnv>()
    .get('/user-score/amount', auth, async (c) =>
      sendData(c, { amount: await scoresAmount(db, c.get('auth').user.id) }),
    )

    .get('/user-score', auth, (c) =>
      sendListPage(c, db, {
        table: userScores,
        rows: db.select().from(userScores).$dynamic(),
        where: eq(userScores.userId, c.get('auth').user.id),
        orderBy: [desc(userScores.updatedAt), desc(userScores.id)],
        toWire: (row) => ({ id: row.id, amount: row.amount, updated_at: toSeconds(row.updatedAt) }),
      }),
    );
}
