import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { communities, userCommunities } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/context';
import { readPaging, sendPage } from '../http/respond';
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
    .get('/community', auth, async (c) => {
      const paging = readPaging(c);
      const total = await db.$count(communities);
      const rows = await db
        .select()
        .from(communities)
        .orderBy(asc(communities.id))
        .limit(paging.perPage)
        .offset(paging.offset);
      return sendPage(
        c,
        paging,
        total,
        rows.map((row) => ({
          id: row.id,
          uniq: row.uniq,
          title: row.title,
          slug: row.slug,
          chat_only: row.chatOnly,
          course_ids: row.courseIds,
        })),
      );
    })

    .get('/user-community', auth, async (c) => {
      const paging = readPaging(c);
      const mine = eq(userCommunities.userId, c.get('auth').user.id);
      const total = await db.$count(userCommunities, mine);
      const rows = await db
        .select()
        .from(userCommunities)
        .where(mine)
        .orderBy(asc(userCommunities.id))
        .limit(paging.perPage)
        .offset(paging.offset);
      return sendPage(
        c,
        paging,
        total,
        rows.map((row) => ({
          community_id: row.communityId,
          start_date: toSeconds(row.startDate),
          end_date: toSeconds(row.endDate),
          is_optional_purchase: row.isOptionalPurchase,
        })),
      );
    });
}
