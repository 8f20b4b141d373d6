import type { AnyActorRef } from 'xstate';

/**
 * Resolves once the session is signed in (at once when it already is): what serves only learners
 * (the service worker, the statistics queue) loads then, never with the sign-in page.
 */
export function whenSignedIn(session: AnyActorRef): Promise<void> {
  return new Promise<void>((resolve) => {
    if (session.getSnapshot().matches('signedIn')) {
      resolve();
      return;
    }
    const subscription = session.subscribe((snapshot) => {
      if (!snapshot.matches('signedIn')) return;
      subscription.unsubscribe();
      resolve();
    });
  });
}
