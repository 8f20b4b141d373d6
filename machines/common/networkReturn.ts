import { type EventObject, fromCallback } from 'xstate';
import { unprovided } from './unprovided';

/**
 * What every machine with a screen's load error (content spec, section 8) shares: the error retries
 * by itself when the browser's network comes back, so a learner who lost it need not guess that the
 * screen will not load again on its own. The component that shows it (src/ui/LoadFailed) only draws.
 */

/** Sent by `networkReturn`: the network came back while the load error showed. */
export type NetworkReturnedEvent = { type: 'NETWORK.RETURNED' };

/**
 * Watches the browser's connectivity while it runs and sends NETWORK.RETURNED on each offline →
 * online change; the connectivity it finds at start is no change. A machine declares it under this
 * name; its one implementation is src/features/shell/networkReturn.provide.ts.
 */
export const networkReturn = fromCallback<EventObject>(unprovided);

/**
 * The load-failed state: `retry` (a target, or a transition) is taken when the learner presses
 * "Try again" (`retryEvent`) and, as the very same transition, when the network comes back. The
 * machine lists `networkReturn` among its actors and NetworkReturnedEvent among its events; an
 * action in `retry` comes typed from the machine's setup (the day's `clearError`): written inline
 * in the call, it would lose the machine's types.
 */
export function loadFailedState<E extends string, R>(retryEvent: E, retry: R) {
  return {
    invoke: { id: 'networkReturn', src: 'networkReturn' },
    on: { [retryEvent]: retry, 'NETWORK.RETURNED': retry } as Record<E | NetworkReturnedEvent['type'], R>,
  } as const;
}
