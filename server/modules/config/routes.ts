import * as v from 'valibot';
import { RemoteConfigSchema } from '../../../brands/schema';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';
import { availableProviders } from '../social-auth/config';

/** The remote part of the request's brand (brands/schema.ts, RemoteConfigSchema). */
export const configModule: ApiModule = {
  tag: 'config',
  description: "The remote part of the request's brand configuration.",
  routes: [
    route({
      method: 'get',
      path: '/external-application-config',
      summary: "The brand's remote configuration (version, feature flags, delays)",
      access: 'none',
      answer: dataAnswer(v.object({ config: RemoteConfigSchema })),
      handle(c, _input, { settings }) {
        const brand = c.get('brand');
        return sendData(c, {
          config: {
            version: brand.version,
            flags: brand.flags,
            daysShowWarning: brand.daysShowWarning,
            messageDelay: brand.messageDelay,
            // Left out when the brand has none: the app's RemoteConfigSchema takes a number or nothing.
            demoCourseServiceId: brand.demoCourseServiceId,
            socialAuthWeb: availableProviders(brand, settings.social ?? {}),
          },
        });
      },
    }),
  ],
};
