import { useEffect, useRef } from 'react';

/**
 * Hands the focus to the element `id` when `shown` turns true while the focus is nowhere (on the
 * page's body): the control that had it went with the change that showed it, as a button its own
 * action takes away. Without this a keyboard or screen-reader user starts again from the page's top.
 * Only on the change: a page that opens with it already shown leaves the focus to the page.
 */
export function useFocusWhenShown(shown: boolean, id: string): void {
  const before = useRef(shown);
  useEffect(() => {
    const was = before.current;
    before.current = shown;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (shown && !was && lost) document.getElementById(id)?.focus();
  }, [shown, id]);
}
