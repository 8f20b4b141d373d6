import { useDeferredValue } from 'react';

/**
 * `ready`, except that its turn to true (and a first render that is already ready) shows one deferred
 * re-render later. Updates from the router and from actors reach React through useSyncExternalStore,
 * which React always renders synchronously: a page or list that appears that way is one task of a few
 * hundred milliseconds on a phone, frozen to taps. Behind this flag the big part is drawn in the
 * deferred re-render, which React renders in slices between the browser's other work; what stays
 * outside it (a header, a loading line) still draws at once. Its turn to false shows at once.
 */
export function useDrawnInSlices(ready: boolean): boolean {
  const drawn = useDeferredValue(ready, false);
  return ready && drawn;
}
