import { fromCallback } from 'xstate';
import type { NetworkReturnedEvent } from '../../../machines/common/networkReturn';
import { watchConnectivity } from '../../platform/connectivity';
import { onRetryRequested } from '../../platform/retryRequests';

/**
 * The machines' `networkReturn` (machines/common/networkReturn.ts), for every screen's load error:
 * NETWORK.RETURNED on each offline → online change while the error shows, and when the learner
 * pressed "Try again" on another failed part of the screen (src/platform/retryRequests.ts): that
 * retry says the learner believes the server can be reached again. What `watchConnectivity`
 * reports at start (offline, when the browser is) says where the network stands, not that it came
 * back; and an `online` with no `offline` before it changes nothing, so one return retries once.
 * Leaving the state stops the actor, which removes its listeners.
 */
export const networkReturn = fromCallback(({ sendBack }) => {
  let online = true;
  const returned = () => sendBack({ type: 'NETWORK.RETURNED' } satisfies NetworkReturnedEvent);
  const stopWatching = watchConnectivity((now) => {
    if (now && !online) returned();
    online = now;
  });
  const stopListening = onRetryRequested(returned);
  return () => {
    stopWatching();
    stopListening();
  };
});
