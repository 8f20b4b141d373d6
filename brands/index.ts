import { brightpath } from './brightpath';
import { kite } from './kite';
import type { BrandConfig } from './schema';

export type { BrandConfig, Language, RemoteConfig } from './schema';
export { LANGUAGES, mergeRemoteConfig, parseBrand, RemoteConfigSchema } from './schema';

export const BRANDS: readonly BrandConfig[] = [brightpath, kite];
export const DEFAULT_BRAND = brightpath;

/** Picks the brand served on a host name (no port); unknown hosts get the default brand. */
export function brandForHost(hostname: string): BrandConfig {
  const host = hostname
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');
  return BRANDS.find((b) => b.hosts.includes(host)) ?? DEFAULT_BRAND;
}

export function brandById(id: string): BrandConfig | undefined {
  return BRANDS.find((b) => b.id === id);
}

export function brandByAppId(appId: string): BrandConfig | undefined {
  return BRANDS.find((b) => b.appId === appId);
}
