import type { MiddlewareHandler } from 'hono';
import { BRANDS, type BrandConfig, brandByAppId, brandForHost } from '../../brands/index';
import { type DeployedTags, withDeployedTags } from '../infra/brand-tags';
import { pickLanguage } from '../infra/i18n';
import type { AppEnv } from './context';

/**
 * Picks the brand (X-App-Id, else the forced BRAND, else the host name) and the language
 * (`lang` query, else Accept-Language, else the brand's default) for everything after it.
 */
export function requestContext(
  forcedBrand: BrandConfig | undefined,
  brandTags: DeployedTags,
): MiddlewareHandler<AppEnv> {
  // Each brand as this deployment serves it (its tag ids from the environment), built once.
  const served = new Map(BRANDS.map((brand) => [brand, withDeployedTags(brand, brandTags)]));
  return async (c, next) => {
    const brand =
      brandByAppId(c.req.header('x-app-id') ?? '') ??
      forcedBrand ??
      brandForHost(new URL(c.req.url).hostname);
    c.set('brand', served.get(brand) ?? brand);
    c.set('lang', pickLanguage(brand, c.req.query('lang'), c.req.header('accept-language')));
    await next();
  };
}
