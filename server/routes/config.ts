import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { sendData } from '../http/respond';

/** The remote part of the request's brand (brands/schema.ts, RemoteConfigSchema). */
export function configRoutes() {
  return new Hono<AppEnv>().get('/external-application-config', (c) => {
    const brand = c.get('brand');
    return sendData(c, {
      config: {
        version: brand.version,
        flags: brand.flags,
        daysShowWarning: brand.daysShowWarning,
        messageDelay: brand.messageDelay,
        // Left out when the brand has none: the app's RemoteConfigSchema takes a number or nothing.
        demoCourseServiceId: brand.demoCourseServiceId,
      },
    });
  });
}
