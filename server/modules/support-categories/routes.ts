import { asc, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Language } from '../../../brands/index';
import { type CategoryTitle, supportCategories } from '../../db/schema';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';
import type { MessageKey } from '../../infra/i18n';

export const WireSupportCategory = v.object({ id: v.number(), sort: v.number(), title: v.string() });

/** `sort=id` (the spec's call) or `sort=-id`; the list is short, so it is answered whole. */
const CategoryQuery = v.object({
  sort: v.optional(v.picklist(['id', '-id'], 'sortById' satisfies MessageKey), 'id'),
});

/** The title in the request's language; a category written in English only shows its English title. */
export const categoryTitle = (title: CategoryTitle, lang: Language) => title[lang] || title.en;

/** What a support question can be about, for the signed-in support page. */
export const supportCategoriesModule: ApiModule = {
  tag: 'support-categories',
  description: 'The topics a support question can be about.',
  routes: [
    route({
      method: 'get',
      path: '/support-category',
      summary: 'Active support categories, titles in the request language',
      access: 'session',
      query: CategoryQuery,
      answer: dataAnswer(v.array(WireSupportCategory)),
      async handle(c, { query }, { db }) {
        const lang = c.get('lang');
        const rows = await db
          .select()
          .from(supportCategories)
          .where(eq(supportCategories.isActive, true))
          .orderBy(query.sort === 'id' ? asc(supportCategories.id) : desc(supportCategories.id));
        return sendData(
          c,
          rows.map((row) => ({ id: row.id, sort: row.sort, title: categoryTitle(row.title, lang) })),
        );
      },
    }),
  ],
};
