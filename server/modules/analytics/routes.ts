import * as v from 'valibot';
import { ANALYTICS_BATCH_MAX, ANALYTICS_EVENT_NAMES, ANALYTICS_PATH_MAX } from '../../../src/domain/consent';
import { analyticsEvents } from '../../db/schema';
import { limitedPerAddress } from '../../http/address-limit';
import { plainLine } from '../../http/fields';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';
import type { MessageKey } from '../../infra/i18n';

/** Whole seconds up to 2100-01-01: far past any event, inside PostgreSQL's timestamp range. */
const LATEST_SECONDS = 4_102_444_800;

const AnalyticsEventBody = v.object({
  name: v.picklist(ANALYTICS_EVENT_NAMES, 'analyticsEventName' satisfies MessageKey),
  path: v.pipe(plainLine(1, ANALYTICS_PATH_MAX), v.startsWith('/', 'notPath' satisfies MessageKey)),
  at: v.pipe(
    v.number('notWholeNumber' satisfies MessageKey),
    v.integer('notWholeNumber' satisfies MessageKey),
    v.minValue(0, 'notNegative' satisfies MessageKey),
    v.maxValue(LATEST_SECONDS, 'tooLarge' satisfies MessageKey),
  ),
});

const AnalyticsBatchBody = v.object({
  events: v.pipe(
    v.array(AnalyticsEventBody, 'analyticsBatch' satisfies MessageKey),
    v.nonEmpty('analyticsBatch' satisfies MessageKey),
    v.maxLength(ANALYTICS_BATCH_MAX, 'analyticsBatch' satisfies MessageKey),
  ),
});

/**
 * The platform's own analytics. The server cannot know the browser's consent: the app sends nothing
 * until its visitor allowed analytics. An admin's events are marked internal (shell spec, section 6).
 */
export const analyticsModule: ApiModule = {
  tag: 'analytics',
  description:
    'Usage events the app sends where its visitor allowed analytics; `npm run cli -- analytics` counts them.',
  routes: [
    route({
      method: 'post',
      path: '/analytics/events',
      summary: 'Record a batch of usage events',
      description: `At most ${ANALYTICS_BATCH_MAX} events named ${ANALYTICS_EVENT_NAMES.join(', ')}; a valid session links them to its user, an admin's are marked internal.`,
      access: 'optional-session',
      precondition: limitedPerAddress((services) => services.analyticsLimit),
      body: AnalyticsBatchBody,
      answer: dataAnswer(v.object({ accepted: v.number() }), 201),
      refusals: [429],
      async handle(c, { body, auth }, { db }) {
        const brandId = c.get('brand').id;
        const userId = auth?.user.id ?? null;
        const internal = auth?.user.isAdmin === 1;
        await db.insert(analyticsEvents).values(
          body.events.map((event) => ({
            brandId,
            userId,
            name: event.name,
            path: event.path,
            occurredAt: new Date(event.at * 1000),
            internal,
          })),
        );
        return sendData(c, { accepted: body.events.length }, 201);
      },
    }),
  ],
};
