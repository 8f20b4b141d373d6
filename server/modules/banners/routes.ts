import { asc } from 'drizzle-orm';
import * as v from 'valibot';
import { banners } from '../../db/schema';
import { sendListPage } from '../../http/list-page';
import { PagingQuery, sendPage } from '../../http/respond';
import { type ApiModule, pageAnswer, route } from '../../http/route';

const WireBanner = v.object({
  id: v.number(),
  title: v.string(),
  type: v.string(),
  sort: v.number(),
  platforms: v.array(v.string()),
  positions: v.array(v.number()),
});

/** Banners for signed-in learners of brands that show them, by `sort` ascending. */
export const bannersModule: ApiModule = {
  tag: 'banners',
  description: 'Banners shown to signed-in learners.',
  routes: [
    route({
      method: 'get',
      path: '/banners',
      summary: 'Banners, by sort order',
      access: 'session',
      query: PagingQuery,
      answer: pageAnswer(WireBanner),
      handle: (c, { query }, { db }) =>
        // A brand with banners off (the `isBannerEnable` flag) shows none, whatever the table holds.
        !c.get('brand').flags.isBannerEnable
          ? sendPage(c, query, 0, [])
          : sendListPage(c, db, query, {
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
    }),
  ],
};
