import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { brightpath } from '../../../brands/brightpath';
import { kite } from '../../../brands/kite';
import type { AppEnv } from '../../../server/http/context';
import { requestContext } from '../../../server/http/request-context';
import { parseBrandTags, withDeployedTags } from '../../../server/infra/brand-tags';

const BRANDS = [brightpath, kite];

describe("a deployment's tag ids per brand (GTM_<BRAND>, FBQ_<BRAND>)", () => {
  it('reads each brand its own ids and leaves brands without any alone', () => {
    const tags = parseBrandTags({ GTM_BRIGHTPATH: 'GTM-AB12CD', FBQ_BRIGHTPATH: ' 1234567890 ' }, BRANDS);
    expect(tags).toEqual({ brightpath: { gtm: 'GTM-AB12CD', fbq: '1234567890' } });
    expect(withDeployedTags(brightpath, tags)).toMatchObject({ gtm: 'GTM-AB12CD', fbq: '1234567890' });
    expect(withDeployedTags(kite, tags)).toBe(kite);
  });

  it('ignores empty values and variables of brands that do not exist', () => {
    expect(parseBrandTags({ GTM_BRIGHTPATH: '', GTM_NOBRAND: 'GTM-AB12CD' }, BRANDS)).toEqual({});
  });

  it.each([
    ['GTM_KITE', 'UA-12345', 'GTM_KITE must look like GTM-AB12CD, got "UA-12345"'],
    ['GTM_KITE', 'GTM-<script>', 'GTM_KITE must look like GTM-AB12CD, got "GTM-<script>"'],
    ['FBQ_KITE', '12ab', 'FBQ_KITE must look like 1234567890, got "12ab"'],
  ])('refuses a malformed %s (%s), naming it', (name, value, message) => {
    expect(() => parseBrandTags({ [name]: value }, BRANDS)).toThrow(message);
  });

  it('serves every request the brand with its deployed ids, whichever way the brand was picked', async () => {
    const tags = parseBrandTags({ GTM_KITE: 'GTM-KITE01' }, BRANDS);
    const app = new Hono<AppEnv>();
    app.use(requestContext(undefined, tags));
    app.get('/', (c) => c.json({ id: c.get('brand').id, gtm: c.get('brand').gtm ?? null }));
    const byHost = async (host: string, headers: Record<string, string> = {}) =>
      (await app.request(`http://${host}/`, { headers })).json();
    expect(await byHost('127.0.0.1')).toEqual({ id: 'kite', gtm: 'GTM-KITE01' });
    expect(await byHost('localhost')).toEqual({ id: 'brightpath', gtm: null });
    expect(await byHost('localhost', { 'x-app-id': kite.appId })).toEqual({ id: 'kite', gtm: 'GTM-KITE01' });

    const forced = new Hono<AppEnv>();
    forced.use(requestContext(kite, tags));
    forced.get('/', (c) => c.text(c.get('brand').gtm ?? ''));
    expect(await (await forced.request('http://localhost/')).text()).toBe('GTM-KITE01');
  });
});
