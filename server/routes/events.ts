import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/context';
import { ApiError } from '../http/errors';
import type { Services } from '../services/container';
import type { LogoutReason } from '../services/events-hub';

/**
 * GET /events?token=… — one server-sent-event stream per session (EventSource cannot send headers,
 * hence the query token). When the session is revoked by another session's action the stream gets
 * `event: logout` and closes; a comment line every keep-alive interval stops proxies from cutting it.
 */
export function eventRoutes(services: Services) {
  const { sessions, hub } = services;

  return new Hono<AppEnv>().get('/events', async (c) => {
    const token = c.req.query('token') ?? '';
    const auth = await sessions.authenticate(token);
    if (!auth) throw new ApiError(401, 'unauthorized');

    return streamSSE(c, async (stream) => {
      let finish: (reason: LogoutReason | null) => void = () => undefined;
      const ended = new Promise<LogoutReason | null>((resolve) => {
        finish = resolve;
      });
      const unsubscribe = hub.subscribe(auth.sessionId, (reason) => finish(reason));
      stream.onAbort(() => finish(null));
      // A revocation between the check above and the subscription would otherwise go unnoticed.
      if (!(await sessions.authenticate(token))) finish('new-sign-in');
      const keepAlive = setInterval(() => {
        stream.write(': keep-alive\n\n').catch(() => finish(null));
      }, services.settings.keepAliveMs);
      try {
        // The first bytes let EventSource report "open" right away.
        await stream.write(': connected\n\n');
        const reason = await ended;
        if (reason) await stream.writeSSE({ event: 'logout', data: JSON.stringify({ reason }) });
      } finally {
        clearInterval(keepAlive);
        unsubscribe();
      }
    });
  });
}
