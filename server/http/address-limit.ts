import type { Context } from 'hono';
import type { Services } from '../infra/container';
import type { SlidingWindowLimiter } from '../infra/rate-limit';
import { clientAddress } from './client-address';
import type { AppEnv } from './context';
import { tooManyRequests } from './errors';

/**
 * A route's precondition (route.ts) for a call anyone may make that costs the server or tells
 * something: each client address calls it at most as often as its limiter allows, every call counted
 * (refused ones too), then 429 with Retry-After.
 */
export const limitedPerAddress =
  (limiterOf: (services: Services) => SlidingWindowLimiter) =>
  (c: Context<AppEnv>, services: Services): void => {
    const limiter = limiterOf(services);
    const address = clientAddress(c);
    const wait = limiter.retryAfter(address);
    if (wait > 0) throw tooManyRequests(wait);
    limiter.hit(address);
  };
