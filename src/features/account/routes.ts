import type { AnyRoute } from '@tanstack/react-router';
import { lazyScreen, page, stringParams } from '../../app/routing';

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
  ] as const;
