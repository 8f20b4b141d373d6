import { fromCallback } from 'xstate';
import type { NetworkReturnedEvent } from '../../../machines/common/networkReturn';
import { watchConnectivity } from '../../platform/connectivity';
import { onRetryRequested } from '../../platform/retryRequests';

/**
 * How long after the browser says it is online again a load may still fail for want of a network:
 * the `online` event comes when an interface is up, before its first request gets through. A load
 * that fails this soon after the return is tried again, every `RETRY_AFTER_RETURN_MS`.
 */
const SETTLING_MS = 10_000;
const RETRY_AFTER_RETURN_MS = 2_000;

/** When the browser last came back online (a page's load may fail after it, then start watching). */
let returnedAt = Number.NEGATIVE_INFINITY;
window.addEventListener('online', () => {
  returnedAt = Date.now();
});

/**
 * The machines' `networkReturn` (machines/common/networkReturn.ts), for every screen's load error:
 * NETWORK.RETURNED on each offline → online change while the error shows, and when the learner
 * pressed "Try again" on another failed part of the screen (src/platform/retryRequests.ts): that
 * retry says the learner believes the server can be reached again. What `watchConnectivity`
 * reports at start (offline, when the browser is) says where the network stands, not that it came
 * back; and an `online` with no `offline` before it changes nothing, so one return retries once,
 * unless the retry itself failed while the network was still settling (`SETTLING_MS`): then once
 * more after a pause, until the settling time is over. Leaving the state stops the actor, which
 * removes its listeners and its timer.
 */
export const networkReturn = fromCallback(({ sendBack }) => {
  let online = true;
  const returned = () => sendBack({ type: 'NETWORK.RETURNED' } satisfies NetworkReturnedEvent);
  const stopWatching = watchConnectivity((now) => {
    if (now && !online) returned();
    online = now;
  });
  const stopListening = onRetryRequested(returned);
  const settling = online && Date.now() - returnedAt < SETTLING_MS;
  const retryLater = settling ? setTimeout(returned, RETRY_AFTER_RETURN_MS) : undefined;
  return () => {
    clearTimeout(retryLater);
    stopWatching();
    stopListening();
  };
});
