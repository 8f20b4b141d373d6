/**
 * Finding the server again (shell spec, app start: "Online/offline status is tracked"). A call that
 * gets no answer counts the app offline even where the browser says it is online (the server is
 * down, a network lets nothing through), and then no browser `online` event ever comes: without this
 * the offline banner stayed, and the data was not synced, until the learner happened to do something
 * that called the server. While the app is offline its host runs this machine, which asks the server
 * again by itself:
 * - `waiting` → `probing` after a wait that doubles from 2 s to 60 s (the statistics queue's, so the
 *   two never press a server that is coming back harder than the other);
 * - a probe the server answers makes the API client report it reached (CONNECTIVITY.ONLINE to the
 *   app: the banner goes and the data syncs), and the host, shown only while offline, stops this
 *   machine; a probe that fails, or that the service worker answered from its offline cache, waits
 *   longer.
 */
import { type AnyEventObject, assign, fromPromise, setup } from 'xstate';
import { oneMoreFailure, retryDelayMs } from '../../src/domain/statisticsQueue';
import { unprovided } from '../common/unprovided';

export type ReconnectionContext = {
  /** Probes in a row that found no server (capped where the wait stops growing). */
  failures: number;
};

const countFailure = assign<ReconnectionContext, AnyEventObject, undefined, AnyEventObject, never>(
  ({ context }) => ({
    failures: oneMoreFailure(context.failures),
  }),
);

export const reconnectionMachine = setup({
  types: { context: {} as ReconnectionContext },
  actors: {
    /** Any small read through the app's API client: its answer is what tells the app. */
    probe: fromPromise<unknown>(unprovided),
  },
  delays: {
    // The first wait is the first retry's: the call that found no server has just failed.
    probeDelay: ({ context }) => retryDelayMs(context.failures + 1),
  },
}).createMachine({
  id: 'reconnection',
  context: { failures: 0 },
  initial: 'waiting',
  states: {
    waiting: {
      after: { probeDelay: 'probing' },
    },
    probing: {
      invoke: {
        id: 'probe',
        src: 'probe',
        onDone: { target: 'waiting', actions: countFailure },
        onError: { target: 'waiting', actions: countFailure },
      },
    },
  },
});
