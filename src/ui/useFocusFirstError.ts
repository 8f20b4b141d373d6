import { type RefObject, useCallback, useEffect, useRef } from 'react';

/**
 * Moves focus to the first invalid field of a form so keyboard and screen-reader users land on what
 * needs fixing: right after a submit the form rejected, and when a server answer comes back with
 * errors (`busy` turning false). Returns the function to call from the submit handler.
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>, busy: boolean): () => void {
  const focusFirstError = useCallback(() => {
    // Wait for the render that marks the fields invalid.
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  }, [formRef]);
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) focusFirstError();
    wasBusy.current = busy;
  }, [busy, focusFirstError]);
  return focusFirstError;
}
