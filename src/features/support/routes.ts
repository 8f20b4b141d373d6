import type { AnyRoute } from '@tanstack/react-router';
import { lazyAreaScreen, page } from '../../app/routing';

/**
 * One component for the three support pages: moving between them keeps the loaded topics and the
 * message being written (see SupportScreen).
 */
const supportScreen = lazyAreaScreen('account', () => import('./SupportScreen'), 'SupportScreen');

export const supportRoutes = <TParent extends AnyRoute>(signedIn: TParent) =>
  [
    page(signedIn, 'support', 'auth', supportScreen),
    page(signedIn, 'supportCategory', 'auth', supportScreen),
    page(signedIn, 'supportCategoryStream', 'auth', supportScreen),
  ] as const;
