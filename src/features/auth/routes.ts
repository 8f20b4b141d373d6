import type { AnyRoute } from '@tanstack/react-router';
import { lazyAreaScreen, page, stringParams } from '../../app/routing';
import { LoginScreen } from './LoginScreen';

/** Pages for visitors who are not signed in; sign-in itself is the one screen in the entry chunk. */
export const guestRoutes = <TParent extends AnyRoute>(root: TParent) =>
  [
    page(root, 'login', 'guest', LoginScreen, {
      // `action=login`: the way back from a social sign-in (shell spec, section 4 "Social login
      // return"); SocialLoginReturn reads the rest of that address itself, keeping this route small.
      validateSearch: stringParams('returnUrl', 'error', 'action'),
    }),
    page(
      root,
      'signup',
      'guest',
      lazyAreaScreen('pages', () => import('./SignupScreen'), 'SignupScreen'),
    ),
    page(
      root,
      'accessRecovery',
      'guest',
      lazyAreaScreen('pages', () => import('./AccessRecoveryScreen'), 'AccessRecoveryScreen'),
      { validateSearch: stringParams('token') },
    ),
    page(
      root,
      'auto-login',
      'public',
      lazyAreaScreen('pages', () => import('./AutoLoginScreen'), 'AutoLoginScreen'),
      {
        validateSearch: stringParams('token', 'returnUrl'),
      },
    ),
    page(
      root,
      'logout',
      'logout',
      lazyAreaScreen('pages', () => import('./LogoutScreen'), 'LogoutScreen'),
      {
        validateSearch: stringParams('from'),
      },
    ),
  ] as const;

/** The forced password change, inside the signed-in frame. */
export const signedInAuthRoutes = <TParent extends AnyRoute>(signedIn: TParent) =>
  [
    page(
      signedIn,
      'resetPassword',
      'auth',
      lazyAreaScreen('pages', () => import('./PasswordChangeScreen'), 'PasswordChangeScreen'),
    ),
  ] as const;
