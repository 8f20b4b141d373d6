/**
 * A new version of the app (issue "Offline and PWA"): the service worker of a new deploy installs in
 * the background and waits; the learner sees "A new version is available" with a reload button.
 * - `current` → `available` when a worker is waiting (UPDATE.WAITING, from `watchServiceWorker`,
 *   which registers the worker and reports what it does);
 * - reload: `applying` tells the waiting worker to take over (`activateWaiting`); once it controls
 *   the page (UPDATE.CONTROLLING) the page reloads. A worker that never takes over (another tab of an
 *   older page holds it) does not trap the learner: after APPLY_TIMEOUT_MS the page reloads anyway.
 * - later: `dismissed` hides the prompt until a newer version waits.
 */
import { fromCallback, sendTo, setup } from 'xstate';

export type AppUpdateEvent =
  | { type: 'UPDATE.WAITING' }
  | { type: 'UPDATE.CONTROLLING' }
  | { type: 'UPDATE.RELOAD' }
  | { type: 'UPDATE.DISMISS' };

/** What the page tells the worker watcher: make the waiting worker the active one. */
export type ServiceWorkerCommand = { type: 'ACTIVATE_WAITING' };

export const APPLY_TIMEOUT_MS = 10_000;

/** The worker keeps read answers and serves downloads only where the brand has offline mode on. */
export type AppUpdateInput = { offlineEnabled: boolean };

export const appUpdateMachine = setup({
  types: { events: {} as AppUpdateEvent, input: {} as AppUpdateInput, context: {} as AppUpdateInput },
  actors: {
    /** Registers the service worker and reports UPDATE.WAITING and UPDATE.CONTROLLING; takes ServiceWorkerCommand. */
    watchServiceWorker: fromCallback<ServiceWorkerCommand, AppUpdateInput>(() => () => {}),
  },
  actions: {
    reloadPage: () => {},
  },
  delays: { applyTimeout: APPLY_TIMEOUT_MS },
}).createMachine({
  id: 'appUpdate',
  context: ({ input }) => input,
  invoke: { id: 'watchServiceWorker', src: 'watchServiceWorker', input: ({ context }) => context },
  initial: 'current',
  states: {
    current: {
      on: { 'UPDATE.WAITING': 'available' },
    },
    available: {
      on: {
        'UPDATE.RELOAD': 'applying',
        'UPDATE.DISMISS': 'dismissed',
      },
    },
    applying: {
      entry: sendTo('watchServiceWorker', { type: 'ACTIVATE_WAITING' } satisfies ServiceWorkerCommand),
      on: { 'UPDATE.CONTROLLING': 'reloading' },
      after: { applyTimeout: 'reloading' },
    },
    reloading: {
      type: 'final',
      entry: 'reloadPage',
    },
    dismissed: {
      on: { 'UPDATE.WAITING': 'available' },
    },
  },
});
