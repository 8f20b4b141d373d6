import type { AnyRoute } from '@tanstack/react-router';
import { lazyAreaScreen, lazyScreen, page, stringParams } from '../../app/routing';

export const accountRoutes = <TParent extends AnyRoute>(signedIn: TParent) =>
  [
    page(
      signedIn,
      'updateProfile',
      'auth',
      lazyScreen(() => import('./ProfileCompletionScreen'), 'ProfileCompletionScreen'),
    ),
    page(
      signedIn,
      'delete',
      'auth',
      lazyScreen(() => import('./DeleteAccountScreen'), 'DeleteAccountScreen'),
      {
        validateSearch: stringParams('from'),
      },
    ),
    page(
      signedIn,
      'points',
      'auth',
      lazyAreaScreen('account', () => import('./points/PointsScreen'), 'PointsScreen'),
    ),
    page(
      signedIn,
      'points-history',
      'auth',
      lazyAreaScreen('account', () => import('./points/PointsHistoryScreen'), 'PointsHistoryScreen'),
    ),
    page(
      signedIn,
      'userSettings',
      'auth',
      lazyAreaScreen('account', () => import('./SettingsScreen'), 'SettingsScreen'),
      { validateSearch: stringParams('changed') },
    ),
    page(
      signedIn,
      'userPassword',
      'auth',
      lazyAreaScreen('account', () => import('./UserPasswordScreen'), 'UserPasswordScreen'),
    ),
    page(
      signedIn,
      'downloads',
      'auth',
      lazyAreaScreen('account', () => import('../offline/DownloadsScreen'), 'DownloadsScreen'),
    ),
  ] as const;
