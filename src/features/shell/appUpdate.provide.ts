import { type AnyActorRef, fromCallback } from 'xstate';
import {
  type AppUpdateEvent,
  type AppUpdateInput,
  appUpdateMachine,
  type ServiceWorkerCommand,
} from '../../../machines/shell/appUpdate.machine';

/**
 * Once someone is signed in: the worker keeps the app for learners, and a visitor who only looks at
 * the sign-in page should not download the whole app shell on a phone's data plan. A registered
 * worker keeps running on later visits whoever is signed in, so the shell opens offline after that.
 */
const afterSignIn = (session: AnyActorRef) =>
  new Promise<void>((resolve) => {
    const subscription = session.subscribe((snapshot) => {
      if (!snapshot.matches('signedIn')) return;
      subscription.unsubscribe();
      resolve();
    });
    if (session.getSnapshot().matches('signedIn')) {
      subscription.unsubscribe();
      resolve();
    }
  });

/**
 * The update machine with the real worker: workbox-window and the registration load on their own at
 * the first sign-in (the sign-in page does not carry them) and report a waiting version.
 */
export const appUpdate = (reportError: (error: unknown) => void) =>
  appUpdateMachine.provide({
    actors: {
      watchServiceWorker: fromCallback<ServiceWorkerCommand, AppUpdateInput>(
        ({ sendBack, receive, input, system }) => {
          let control: { activateWaiting: () => void; stop: () => void } | null = null;
          let stopped = false;
          receive(() => control?.activateWaiting());
          afterSignIn(system.get('session'))
            .then(() => import('../../platform/serviceWorker'))
            .then(({ watchServiceWorker }) => {
              if (stopped) return;
              control = watchServiceWorker(
                { offline: input.offlineEnabled },
                {
                  onWaiting: () => sendBack({ type: 'UPDATE.WAITING' } satisfies AppUpdateEvent),
                  onControlling: () => sendBack({ type: 'UPDATE.CONTROLLING' } satisfies AppUpdateEvent),
                },
              );
            })
            .catch(reportError);
          return () => {
            stopped = true;
            control?.stop();
          };
        },
      ),
    },
    actions: { reloadPage: () => window.location.reload() },
  });
