import type { AnyRoute } from '@tanstack/react-router';
import { lazyAreaScreen, page } from '../../app/routing';

export const socialRoutes = <TParent extends AnyRoute>(signedIn: TParent) =>
  [
    page(
      signedIn,
      'socialNetworks',
      'auth',
      lazyAreaScreen('account', () => import('./SocialNetworksScreen'), 'SocialNetworksScreen'),
    ),
    page(
      signedIn,
      'linkSocialNetworks',
      'auth',
      lazyAreaScreen('account', () => import('./SocialNetworksScreen'), 'LinkSocialNetworksScreen'),
    ),
  ] as const;
