import type { Context } from 'hono';
import type { BrandConfig } from '../../brands/schema';
import type { MessageKey } from '../infra/i18n';
import type { AppEnv } from './context';
import { ApiError } from './errors';

type FlagName = {
  [K in keyof BrandConfig['flags']]: BrandConfig['flags'][K] extends boolean ? K : never;
}[keyof BrandConfig['flags']];

/**
 * A route's precondition: the request's brand has `flag` on, else 403 with `refusal` (translated).
 * A precondition runs after the session's check and before the input is read (route.ts), so a brand
 * that does not offer the feature refuses a call to it whatever its body, and changes nothing.
 */
export const brandOffers =
  (flag: FlagName, refusal: MessageKey) =>
  (c: Context<AppEnv>): void => {
    if (!c.get('brand').flags[flag]) throw new ApiError(403, refusal);
  };
