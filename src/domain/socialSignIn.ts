import type { BrandConfig } from '../../brands';

/**
 * Whether the brand offers sign-in with any social network on the web: its buttons on the sign-in
 * page, the menu's social networks entry and the step after a sign-up all follow this one rule. Apart
 * from `socialNetworks.ts`, whose names the sign-in page would otherwise carry in its first script.
 */
export const offersSocialSignIn = (brand: Pick<BrandConfig, 'socialAuth'>): boolean =>
  brand.socialAuth.web.length > 0;
