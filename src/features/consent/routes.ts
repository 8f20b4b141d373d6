import type { AnyRoute } from '@tanstack/react-router';
import { lazyAreaScreen, page } from '../../app/routing';

export const consentRoutes = <TParent extends AnyRoute>(signedIn: TParent) =>
  [
    page(
      signedIn,
      'settingsCookiePolicy',
      'auth',
      lazyAreaScreen('cookieSettings', () => import('./CookiePolicyScreen'), 'CookiePolicyScreen'),
    ),
  ] as const;
