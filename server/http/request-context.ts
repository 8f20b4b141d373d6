import type { MiddlewareHandler } from 'hono';
import { BRANDS, type BrandConfig, brandByAppId, brandForHost } from '../../brands/index';
import { type DeployedTags, withDeployedTags } from '../infra/brand-tags';
import { pickLanguage } from '../infra/i18n';
import type { AppEnv } from './context';
import { fieldError } from './errors';
import { nodeRequest } from './request-body';
import { rememberRequestLanguage } from './unreadable-requests';

/**
 * Picks the brand (the forced BRAND, else X-App-Id, else the host name) and the language
 * (`lang` query, else Accept-Language, else the brand's default) for everything after it.
 *
 * `?lang=es&lang=ru` names two languages and neither is taken: the language is picked as if none
 * were sent, and an API call (everything under /spa/) refuses it with 422, as it refuses any query
 * parameter sent twice (server/http/validation.ts), in that language.
 */
export function requestContext(
  forcedBrand: BrandConfig | undefined,
  brandTags: DeployedTags,
): MiddlewareHandler<AppEnv> {
  // Each brand as this deployment serves it (its tag ids from the environment), built once.
  const served = new Map(BRANDS.map((brand) => [brand, withDeployedTags(brand, brandTags)]));
  return async (c, next) => {
    // A deployment that serves one brand serves only it: a header the client writes must not open
    // another brand's flags there (registration, demo access). Where several brands share a server
    // they share its accounts too, and the app id names the variant, as the contract has it.
    const brand =
      forcedBrand ??
      brandByAppId(c.req.header('x-app-id') ?? '') ??
      brandForHost(new URL(c.req.url).hostname);
    c.set('brand', served.get(brand) ?? brand);
    const langs = c.req.queries('lang') ?? [];
    const repeated = langs.length > 1;
    const lang = pickLanguage(brand, repeated ? undefined : langs[0], c.req.header('accept-language'));
    c.set('lang', lang);
    const incoming = nodeRequest(c);
    if (incoming && !incoming.complete) rememberRequestLanguage(incoming, lang);
    if (repeated && c.req.path.startsWith('/spa/')) throw fieldError('lang', 'repeatedParameter');
    await next();
  };
}
