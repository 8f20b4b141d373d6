import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { banners } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/context';
import { readPaging, sendPage } from '../http/respond';
import type { Services } from '../services/container';

/** Banners for signed-in learners, by `sort` ascending. */
export function bannerRoutes(services: Services) {
  const { db } = services;
  return new Hono<AppEnv>().get('/banners', requireAuth(services.sessions), async (c) => {
    const paging = readPaging(c);
    const total = await db.$count(banners);
    const rows = await db
      .select({
        id: banners.id,
        title: banners.title,
        type: banners.type,
        sort: banners.sort,
        platforms: banners.platforms,
        positions: banners.positions,
      })
      .from(banners)
      .orderBy(asc(banners.sort), asc(banners.id))
      .limit(paging.perPage)
      .offset(paging.offset);
    return sendPage(c, paging, total, rows);
  });
}
