import { useEffect, useRef } from 'react';
import { focusTarget } from '../platform/focusAfterPageChange';
import { focusLost } from './focusLost';

/**
 * Things the focus may be in go away (a removed download takes its Delete button along, a dismissed
 * card its buttons): the browser drops that focus to the page's body, and a keyboard or screen-reader
 * user would start again from the top. When `count` (how many such things are shown) drops while the
 * focus is lost, `target()` takes it: what the user picks the page up from. A focus the user has put
 * elsewhere meanwhile stays, and nothing happens while the count grows or holds.
 */
export function useFocusAfterRemoval(count: number, target: () => HTMLElement | null | undefined): void {
  const before = useRef(count);
  useEffect(() => {
    const removed = count < before.current;
    before.current = count;
    if (!removed || !focusLost()) return;
    const element = target();
    if (element) focusTarget(element);
  }, [count, target]);
}
