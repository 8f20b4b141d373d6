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
 * How long the app's calls must have been quiet before the worker is registered, and how long it
 * waits for that at most (something that calls every few seconds must not keep the app without it).
 * A new worker downloads the whole app (precache) as it installs; registered at the page's load, that
 * ran beside the first screen's reads and drawing, which came up to a quarter later on a slow phone.
 */
const QUIET_BEFORE_WORKER_MS = 1_000;
const WORKER_WAITS_AT_MOST_MS = 10_000;

/**
 * The update machine with the real worker: workbox-window and the registration load on their own at
 * the first sign-in (the sign-in page does not carry them), once the first screen's calls are done,
 * and report a waiting version. The API client gives the headers of the reads the page asks again
 * once the first worker controls it.
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
            .then(() => api.quiet(QUIET_BEFORE_WORKER_MS, WORKER_WAITS_AT_MOST_MS))
            .then(() => import('../../platform/serviceWorker'))
            .then(({ watchServiceWorker }) => {
              if (stopped) return;
              control = watchServiceWorker(
                { offline: input.offlineEnabled, callHeaders: api.headers },
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
