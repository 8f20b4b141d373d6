import { useEffect, useRef } from 'react';
import { focusUnclaimed } from '../platform/focusAfterPageChange';

/**
 * A control that leaves while an action runs and comes back when it ends (the photo's picker gives
 * way to the upload's progress and its Cancel), or what an action shows in place of the control it
 * took away (the day's finish button after its start, the line that says the day is finished): the
 * focus that control had was lost. When the element is shown while the focus is still lost (or
 * only on the page's heading, which takes a lost focus after 100 ms: an upload's last step may be
 * slower), it takes it; a focus the user has put elsewhere meanwhile stays there, and the page's first render
 * is left alone. Answers the element's ref.
 */
export function useFocusOnReturn<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  const wasShown = useRef(shown);
  useEffect(() => {
    if (shown && !wasShown.current && focusUnclaimed() && ref.current) focusOnceShown(ref.current);
    wasShown.current = shown;
  }, [shown]);
  return ref;
}

/** How long a control may wait to be shown again, in ms. */
const SHOWN_WITHIN_MS = 3000;

/**
 * Focuses the control as soon as it can take the focus: while a lazy part of the page loads, React
 * hides the page's content (Suspense), and a hidden control refuses the focus. Tried each frame until
 * it takes, the user puts the focus elsewhere, the control leaves, or the time is up.
 */
function focusOnceShown(control: HTMLElement, until = performance.now() + SHOWN_WITHIN_MS) {
  control.focus();
  if (document.activeElement === control || performance.now() > until) return;
  requestAnimationFrame(() => {
    if (control.isConnected && focusUnclaimed()) focusOnceShown(control, until);
  });
}
