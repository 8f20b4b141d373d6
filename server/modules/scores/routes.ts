import { desc, eq } from 'drizzle-orm';
import { userScores } from '../../db/schema';
import { sendListPage } from '../../http/list-page';
import { PagingQuery, sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, pageAnswer, route } from '../../http/route';
import { scoresAmount } from './queries';
import { toWireScore, WireScore, WireScoreAmount } from './wire';

/** The session user's points: the balance and the history (newest first, signed amounts). */
export const scoresModule: ApiModule = {
  tag: 'scores',
  description: "The learner's points: balance and history.",
  routes: [
    route({
      method: 'get',
      path: '/user-score/amount',
      summary: "The learner's points balance",
      access: 'session',
      learnerData: true,
      answer: dataAnswer(WireScoreAmount),
      handle: async (c, { auth }, { db }) => sendData(c, { amount: await scoresAmount(db, auth.user.id) }),
    }),

    route({
      method: 'get',
      path: '/user-score',
      summary: "The learner's points history, newest first",
      access: 'session',
      learnerData: true,
      query: PagingQuery,
      answer: pageAnswer(WireScore),
      handle: (c, { query, auth }, { db }) =>
        sendListPage(c, db, query, {
          table: userScores,
          rows: db.select().from(userScores).$dynamic(),
          where: eq(userScores.userId, auth.user.id),
          orderBy: [desc(userScores.updatedAt), desc(userScores.id)],
          toWire: toWireScore,
        }),
    }),
  ],
};
