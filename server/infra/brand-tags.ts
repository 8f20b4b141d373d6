import type { BrandConfig } from '../../brands/index';

/**
 * A school's tag manager container and pixel are its own accounts, so a deployment sets them in the
 * environment, per brand, instead of in the brand file: `GTM_<BRAND>` (a container id such as
 * GTM-AB12CD) and `FBQ_<BRAND>` (a pixel id, digits), the brand id upper-cased with anything but
 * letters and digits as `_` (`GTM_BRIGHTPATH`). A value set there replaces the brand file's `gtm` or
 * `fbq`; the page's CSP and the consent runtime then follow the brand as served.
 */
export type DeployedTags = Record<string, { gtm?: string; fbq?: string }>;

const FORMATS = {
  gtm: { prefix: 'GTM_', pattern: /^GTM-[A-Z0-9]{4,12}$/, example: 'GTM-AB12CD' },
  fbq: { prefix: 'FBQ_', pattern: /^\d{6,20}$/, example: '1234567890' },
} as const;

const variableSuffix = (brandId: string) => brandId.toUpperCase().replace(/[^A-Z0-9]/g, '_');

/** Reads the tag ids of `brands` from `env`; a malformed id stops the start-up with a message naming it. */
export function parseBrandTags(
  env: Record<string, string | undefined>,
  brands: readonly Pick<BrandConfig, 'id'>[],
): DeployedTags {
  const tags: DeployedTags = {};
  for (const { id } of brands) {
    for (const tag of ['gtm', 'fbq'] as const) {
      const { prefix, pattern, example } = FORMATS[tag];
      const name = `${prefix}${variableSuffix(id)}`;
      const value = env[name]?.trim();
      if (!value) continue;
      if (!pattern.test(value)) throw new Error(`${name} must look like ${example}, got "${value}"`);
      tags[id] = { ...tags[id], [tag]: value };
    }
  }
  return tags;
}

/** The brand as this deployment serves it: its own tag ids where the environment sets them. */
export function withDeployedTags(brand: BrandConfig, tags: DeployedTags): BrandConfig {
  const deployed = tags[brand.id];
  return deployed ? { ...brand, ...deployed } : brand;
}
