import { fromCallback } from 'xstate';
import {
  type AppUpdateEvent,
  type AppUpdateInput,
  appUpdateMachine,
  type ServiceWorkerCommand,
} from '../../../machines/shell/appUpdate.machine';
import type { TrackedApiClient } from '../../api/client';
import { whenSignedIn } from '../../app/whenSignedIn';

/**
 * The update machine with the real worker: workbox-window and the registration load on their own at
 * the first sign-in (the sign-in page does not carry them) and report a waiting version. The API
 * client tells when the first screen's calls are done (the worker registers then) and gives the
 * headers of the reads the page asks again once the first worker controls it.
 */
export const appUpdate = (reportError: (error: unknown) => void, api: TrackedApiClient) =>
  appUpdateMachine.provide({
    actors: {
      watchServiceWorker: fromCallback<ServiceWorkerCommand, AppUpdateInput>(
        ({ sendBack, receive, input, system }) => {
          let control: { activateWaiting: () => void; stop: () => void } | null = null;
          let stopped = false;
          receive(() => control?.activateWaiting());
          // Only learners get the worker: a visitor of the sign-in page does not download the shell.
          whenSignedIn(system.get('session'))
            .then(() => import('../../platform/serviceWorker'))
            .then(({ watchServiceWorker }) => {
              if (stopped) return;
              control = watchServiceWorker(
                { offline: input.offlineEnabled, callHeaders: api.headers, calls: api },
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
