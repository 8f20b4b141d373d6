import * as v from 'valibot';
import { cookieSettingsOf } from '../../../src/domain/consent';
import { cookiePolicies } from '../../db/schema';
import { brandOffers } from '../../http/brand-flag';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';
import type { MessageKey } from '../../infra/i18n';
import { storedChoiceOf } from './storedChoice';

const categoryFlag = v.boolean('notBoolean' satisfies MessageKey);

const CookiePolicyBody = v.object({
  // The site cannot run without them, so "off" is refused rather than silently turned on.
  essential: v.pipe(
    categoryFlag,
    v.check((on) => on, 'essentialCookies' satisfies MessageKey),
  ),
  analytics: categoryFlag,
  marketing: categoryFlag,
});

const WireCookiePolicy = v.object({
  essential: v.literal(true),
  analytics: v.boolean(),
  marketing: v.boolean(),
});

const toWire = (row: { analytics: boolean; marketing: boolean }) => ({
  essential: true as const,
  analytics: row.analytics,
  marketing: row.marketing,
});

/** Cookie consent (shell spec, sections 3, 4 and 7): the brand's settings and the learner's choice. */
export const cookieModule: ApiModule = {
  tag: 'cookie',
  description:
    "Cookie consent: whether the brand asks for it, and the signed-in learner's choice, kept so it follows them to other browsers.",
  routes: [
    route({
      method: 'get',
      path: '/cookie',
      summary: "The brand's cookie settings",
      description:
        'Answers guests too (the banner shows on the sign-in page). `items` are the categories with their state before any choice: essential on, analytics and marketing off; every one on where the brand does not ask for consent.',
      access: 'none',
      answer: dataAnswer(
        v.object({
          isEnabled: v.boolean(),
          items: v.array(v.object({ key: v.string(), enabled: v.boolean() })),
        }),
      ),
      handle: (c) => sendData(c, cookieSettingsOf(c.get('brand').flags.isCookieEnable)),
    }),
    route({
      method: 'get',
      path: '/cookie/get-policy',
      summary: "The learner's cookie choice",
      description:
        "null until the learner has chosen; a guest's choice lives only in their browser's cookie.",
      access: 'session',
      answer: dataAnswer(v.nullable(WireCookiePolicy)),
      handle: async (c, { auth }, { db }) => sendData(c, await storedChoiceOf(db, auth.user.id)),
    }),
    route({
      method: 'post',
      path: '/cookie/update-policy',
      summary: "Stores the learner's cookie choice",
      description:
        'Booleans only; `essential` must be true (false answers 422). Refused (403) on a brand that does ' +
        'not ask for consent (`isCookieEnable` false): every category is allowed there (shell spec, ' +
        'section 9), so a choice would be stored that nothing reads.',
      access: 'session',
      // Before the body: nothing is checked or stored where there is no choice to make.
      precondition: brandOffers('isCookieEnable', 'cookieChoiceClosed'),
      body: CookiePolicyBody,
      answer: dataAnswer(WireCookiePolicy),
      refusals: [403],
      async handle(c, { body, auth }, { db }) {
        const choice = { analytics: body.analytics, marketing: body.marketing, updatedAt: new Date() };
        const [row] = await db
          .insert(cookiePolicies)
          .values({ userId: auth.user.id, essential: true, ...choice })
          .onConflictDoUpdate({ target: cookiePolicies.userId, set: choice })
          .returning();
        return sendData(c, row ? toWire(row) : null);
      },
    }),
  ],
};
