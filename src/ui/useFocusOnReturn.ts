import { useEffect, useRef } from 'react';
import { focusLost } from './focusLost';

/**
 * A control that leaves while an action runs and comes back when it ends (the photo's picker gives
 * way to the upload's progress and its Cancel): the focus it had was lost when it left. When it
 * comes back while the focus is still lost, it takes it again; a focus the user has put elsewhere
 * meanwhile stays there, and the page's first render is left alone. Answers the control's ref.
 */
export function useFocusOnReturn<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  const wasShown = useRef(shown);
  useEffect(() => {
    if (shown && !wasShown.current && focusLost()) ref.current?.focus();
    wasShown.current = shown;
  }, [shown]);
  return ref;
}
