import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { communities, userCommunities } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/context';
import { sendListPage } from '../http/list-page';
import type { Services } from '../services/container';
import { toSeconds } from '../services/users';

/**
 * GET /community is the catalogue of communities (the app derives owned/recommended/hidden from
 * it and the memberships); GET /user-community lists the session user's memberships only.
 */
export function communityRoutes(services: Services) {
  const { db } = services;
  const auth = requireAuth(services.sessions);

  return new Hono<AppEnv>()
    .get('/community', auth, (c) =>
      sendListPage(c, db, {
        table: communities,
        rows: db.select().from(communities).$dynamic(),
        orderBy: [asc(communities.id)],
        toWire: (row) => ({
          id: row.id,
          uniq: row.uniq,
          title: row.title,
          slug: row.slug,
          chat_only: row.chatOnly,
          course_ids: row.courseIds,
        }),
      }),
    )

    .get('/user-community', auth, (c) =>
      sendListPage(c, db, {
        table: userCommunities,
        rows: db.select().from(userCommunities).$dynamic(),
        where: eq(userCommunities.userId, c.get('auth').user.id),
        orderBy: [asc(userCommunities.id)],
        toWire: (row) => ({
          community_id: row.communityId,
          start_date: toSeconds(row.startDate),
          end_date: toSeconds(row.endDate),
          is_optional_purchase: row.isOptionalPurchase,
        }),
      }),
    );
}
