import { type RefObject, useEffect, useRef } from 'react';

/**
 * A form brought back by a button that its result put in its place ("Use another e-mail", "Write
 * another message"): that button leaves as the form returns, and the browser would drop the focus
 * to the page's body. The form's first field takes it instead, so the keyboard goes on in the form.
 * Returns the button's click handler, which brings the form back with `bringBack`; a form shown any
 * other way (the page opening) is left alone.
 */
export function useRefocusForm(
  form: RefObject<HTMLFormElement | null>,
  shown: boolean,
  bringBack: () => void,
): () => void {
  const bringingBack = useRef(false);
  useEffect(() => {
    if (!shown || !bringingBack.current) return;
    bringingBack.current = false;
    form.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [shown, form]);
  return () => {
    bringingBack.current = true;
    bringBack();
  };
}
