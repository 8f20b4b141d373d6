import type { MiddlewareHandler } from 'hono';
import type { Sessions } from '../services/sessions';
import type { AppEnv } from './context';
import { ApiError } from './errors';

export function bearerToken(header: string | undefined): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
}

/** Lets a request through only with a live session of an active user; everything else is 401. */
export function requireAuth(sessions: Sessions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = await sessions.authenticate(bearerToken(c.req.header('authorization')));
    if (!auth) throw new ApiError(401, 'unauthorized');
    c.set('auth', auth);
    await next();
  };
}
