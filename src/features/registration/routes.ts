import type { AnyRoute } from '@tanstack/react-router';
import { lazyAreaScreen, page } from '../../app/routing';

/**
 * The registration chat, outside the signed-in frame: a guest starts it, a learner with an
 * unfinished registration resumes it. The link outcome (`action=link`, ...) is the way back from a
 * social network; the screen reads it once and clears it.
 */
export const registrationRoutes = <TParent extends AnyRoute>(root: TParent) =>
  [
    page(
      root,
      'registrationChat',
      'public',
      // The screen reads the link outcome from the address itself, keeping the sign-in page small.
      lazyAreaScreen('account', () => import('./RegistrationChatScreen'), 'RegistrationChatScreen'),
    ),
  ] as const;
