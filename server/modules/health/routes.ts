import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { Services } from '../../infra/container';

/**
 * GET /healthz, outside the API bases: one `select 1` says the process and its database answer.
 * Deployments probe it and the HTTP benchmark uses it as its baseline, so it does nothing else.
 */
export function healthRoutes({ db, log }: Services) {
  return new Hono<AppEnv>().get('/healthz', async (c) => {
    try {
      await db.execute(sql`select 1`);
      return c.json({ status: 'ok' });
    } catch (error) {
      log.error('health check: the database did not answer', error);
      return c.json({ status: 'unavailable' }, 503);
    }
  });
}
