/**
 * The third-party tags a brand may configure (shell spec, section 3: `gtm`, a tag manager
 * container id; `fbq`, a pixel id) and the origins each needs. The app injects a tag's script only
 * once its consent category allows it (tag manager: analytics; pixel: marketing); the server's CSP
 * names these origins only for a brand that configures the tag.
 */
export type BrandTag = 'gtm' | 'fbq';

export const BRAND_TAGS: Record<
  BrandTag,
  {
    category: 'analytics' | 'marketing';
    script: (id: string) => string;
    scriptOrigin: string;
    connect: string[];
    img: string[];
  }
> = {
  gtm: {
    category: 'analytics',
    script: (id) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
    scriptOrigin: 'https://www.googletagmanager.com',
    connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
    img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  },
  fbq: {
    category: 'marketing',
    script: () => 'https://connect.facebook.net/en_US/fbevents.js',
    scriptOrigin: 'https://connect.facebook.net',
    connect: ['https://connect.facebook.net', 'https://www.facebook.com'],
    img: ['https://www.facebook.com'],
  },
};

/** The tags a brand configures, with their ids. */
export function configuredTags(brand: { gtm?: string; fbq?: string }): [BrandTag, string][] {
  const tags: [BrandTag, string][] = [];
  if (brand.gtm) tags.push(['gtm', brand.gtm]);
  if (brand.fbq) tags.push(['fbq', brand.fbq]);
  return tags;
}

/** The extra CSP sources of one directive for a brand's tags ('' when it configures none). */
export function tagSources(
  brand: { gtm?: string; fbq?: string },
  directive: 'script' | 'connect' | 'img',
): string {
  const sources = configuredTags(brand).flatMap(([tag]) => {
    const origins = BRAND_TAGS[tag];
    return directive === 'script' ? [origins.scriptOrigin] : origins[directive];
  });
  return [...new Set(sources)].join(' ');
}
