import { Hono } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import packageJson from '../../../package.json' with { type: 'json' };
import type { AppEnv } from '../../http/context';
import { openApiDocument } from '../../http/openapi';
import { referencePage } from '../../http/reference-page';
import type { ApiModule } from '../../http/route';
import { MEDIA_PATHS, MEDIA_TAG } from '../media/openapi';

/** The reference page has no script and loads nothing: its policy allows only its own style block. */
const referencePageSecurity = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    styleSrc: [NONCE],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
});

/** GET /spa/openapi.json and its readable form GET /spa/docs, both generated from the route declarations. */
export function contractRoutes(modules: readonly ApiModule[], bases: readonly string[]) {
  const document = openApiDocument(modules, bases, packageJson.version, {
    tag: MEDIA_TAG,
    paths: MEDIA_PATHS,
  });
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      // The same for everyone and changed only by a new version: a cache may keep it if it asks again.
      c.header('Cache-Control', 'no-cache');
      return c.json(document);
    })
    .use('/docs', referencePageSecurity)
    .get('/docs', (c) => {
      // Set before the body: with Node's lightweight responses, compression would otherwise rebuild
      // the answer from its first headers and drop the policy the middleware adds afterwards.
      c.header('Cache-Control', 'no-cache');
      return c.html(referencePage(document, bases, c.get('secureHeadersNonce') ?? ''));
    });
}
