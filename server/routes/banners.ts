import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { banners } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/context';
import { sendListPage } from '../http/list-page';
import type { Services } from '../services/container';

/** Banners for signed-in learners, by `sort` ascending. */
export function bannerRoutes(services: Services) {
  const { db } = services;
  return new Hono<AppEnv>().get('/banners', requireAuth(services.sessions), (c) =>
    sendListPage(c, db, {
      table: banners,
      rows: db
        .select({
          id: banners.id,
          title: banners.title,
          type: banners.type,
          sort: banners.sort,
          platforms: banners.platforms,
          positions: banners.positions,
        })
        .from(banners)
        .$dynamic(),
      orderBy: [asc(banners.sort), asc(banners.id)],
    }),
  );
}
