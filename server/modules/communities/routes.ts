import { asc, eq } from 'drizzle-orm';
import { communities, userCommunities } from '../../db/schema';
import { sendListPage } from '../../http/list-page';
import { PagingQuery } from '../../http/respond';
import { type ApiModule, pageAnswer, route } from '../../http/route';
import { toWireCommunity, toWireMembership, WireCommunity, WireMembership } from './wire';

/**
 * GET /community is the catalogue of communities (the app derives owned/recommended/hidden from
 * it and the memberships); GET /user-community lists the session user's memberships only.
 */
export const communitiesModule: ApiModule = {
  tag: 'communities',
  description: "The communities catalogue and the learner's memberships.",
  routes: [
    route({
      method: 'get',
      path: '/community',
      summary: 'The catalogue of communities',
      access: 'session',
      query: PagingQuery,
      answer: pageAnswer(WireCommunity),
      handle: (c, { query }, { db }) =>
        sendListPage(c, db, query, {
          table: communities,
          rows: db.select().from(communities).$dynamic(),
          orderBy: [asc(communities.id)],
          toWire: toWireCommunity,
        }),
    }),

    route({
      method: 'get',
      path: '/user-community',
      summary: "The learner's community memberships",
      access: 'session',
      learnerData: true,
      query: PagingQuery,
      answer: pageAnswer(WireMembership),
      handle: (c, { query, auth }, { db }) =>
        sendListPage(c, db, query, {
          table: userCommunities,
          rows: db.select().from(userCommunities).$dynamic(),
          where: eq(userCommunities.userId, auth.user.id),
          orderBy: [asc(userCommunities.id)],
          toWire: toWireMembership,
        }),
    }),
  ],
};
