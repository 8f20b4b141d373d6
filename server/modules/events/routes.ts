import { streamSSE } from 'hono/streaming';
import * as v from 'valibot';
import { requestToken } from '../../http/auth';
import { ApiError } from '../../http/errors';
import { type ApiModule, eventStreamAnswer, route } from '../../http/route';
import type { LogoutReason } from '../../infra/events-hub';

/**
 * EventSource cannot send headers: the browser's stream carries the session cookie (same origin), and
 * a client without the cookie names its token in the query, which proxies and logs may keep, so the
 * app sends it only when its cookie does not hold the token.
 */
const EventsQuery = v.object({ token: v.optional(v.string(), '') });

/**
 * GET /events — one server-sent-event stream per session. When the session is revoked by another
 * session's action the stream gets `event: logout` and closes; a comment line every keep-alive
 * interval stops proxies from cutting it.
 */
export const eventsModule: ApiModule = {
  tag: 'events',
  description: "Server-sent events of a session (a `logout` event when another session's action ends it).",
  routes: [
    route({
      method: 'get',
      path: '/events',
      summary: 'Event stream of the session (its cookie, bearer header or `token` query)',
      description:
        'Sends `event: logout` with `{"reason":"new-sign-in"}` when the session is revoked elsewhere.',
      access: 'stream-token',
      query: EventsQuery,
      answer: eventStreamAnswer,
      async handle(c, { query }, { sessions, hub, settings }) {
        const token = query.token || requestToken(c);
        const auth = await sessions.authenticate(token);
        if (!auth) throw new ApiError(401, 'unauthorized');

        const events = streamSSE(c, async (stream) => {
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
          }, settings.keepAliveMs);
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
        // streamSSE says no-cache; the stream is a session's own, kept by no cache (docs/API.md).
        events.headers.set('Cache-Control', 'no-store');
        return events;
      },
    }),
  ],
};
