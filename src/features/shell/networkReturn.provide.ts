import { fromCallback } from 'xstate';
import type { NetworkReturnedEvent } from '../../../machines/common/networkReturn';
import { watchConnectivity } from '../../platform/connectivity';

/**
 * The machines' `networkReturn` (machines/common/networkReturn.ts), for every screen's load error:
 * NETWORK.RETURNED on each offline → online change while the error shows. What `watchConnectivity`
 * reports at start (offline, when the browser is) says where the network stands, not that it came
 * back; and an `online` with no `offline` before it changes nothing, so one return retries once.
 * Leaving the state stops the actor, which removes its listeners.
 */
export const networkReturn = fromCallback(({ sendBack }) => {
  let online = true;
  return watchConnectivity((now) => {
    if (now && !online) sendBack({ type: 'NETWORK.RETURNED' } satisfies NetworkReturnedEvent);
    online = now;
  });
});
