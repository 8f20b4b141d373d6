import type { ExternalAuthSource } from './user';

/**
 * How each social network is named on screen. A module of its own because the sign-in page's
 * buttons need only the names, not the error texts of `socialErrors.ts`.
 */
export const NETWORK_NAMES: Record<ExternalAuthSource, string> = {
  google: 'Google',
  vkontakte: 'VK',
  facebook: 'Facebook',
  apple: 'Apple',
};

export function isExternalAuthSource(value: string): value is ExternalAuthSource {
  return Object.hasOwn(NETWORK_NAMES, value);
}
