import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { BRAND_ICONS_FOLDER, type BrandIconStore, brandIconSpec } from './icons';
import { brandManifest } from './manifest';

/**
 * Icons change only with a new deploy: a day's cache keeps launchers and install dialogs from asking
 * again, and the ETag makes the check after that a 304.
 */
const ICON_CACHE_CONTROL = 'public, max-age=86400';

/** If-None-Match lists validators, possibly weak (`W/"…"`): any one naming this PNG is a match. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === etag || value === '*';
  });
}

/**
 * What makes the app installable under one base (`/v/`): the brand's manifest and its PNG icons.
 * The brand is the request's (its host), so each brand's host serves its own app.
 */
export function installRoutes(base: string, icons: BrandIconStore) {
  const routes = new Hono<AppEnv>();

  routes.get('/manifest.webmanifest', (c) =>
    c.json(brandManifest(c.get('brand'), base), 200, {
      'Content-Type': 'application/manifest+json',
      'Cache-Control': 'no-cache',
    }),
  );

  routes.get(`/${BRAND_ICONS_FOLDER}/:file`, async (c) => {
    // A size the server does not make, or a mark the build does not hold yet, is not found.
    const spec = brandIconSpec(c.req.param('file'));
    const icon = spec && (await icons.get(c.get('brand'), spec));
    if (!icon) return c.text('Not found', 404);
    c.header('Cache-Control', ICON_CACHE_CONTROL);
    c.header('ETag', icon.etag);
    if (matchesEtag(c.req.header('if-none-match'), icon.etag)) return c.body(null, 304);
    c.header('Content-Type', 'image/png');
    return c.body(icon.png, 200);
  });

  return routes;
}
