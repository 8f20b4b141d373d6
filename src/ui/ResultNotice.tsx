import { type ComponentProps, useEffect, useRef } from 'react';
import { focusUnclaimed } from '../platform/focusAfterPageChange';
import { Notice } from './Notice';

/**
 * The notice that tells the outcome of an action whose control the outcome removed or disabled (a
 * sent form gives way to "Message sent", a saved choice leaves nothing to save). The browser drops
 * the focus of such a control to the page's body: a keyboard user would start again from the top
 * and a screen reader would say nothing more. So when the notice gets content while the focus is
 * lost, the notice takes it: the reader says the outcome, and Tab goes on from there. A focus the
 * user has put elsewhere meanwhile stays where it is.
 */
export function ResultNotice(props: Omit<ComponentProps<typeof Notice>, 'ref' | 'tabIndex'>) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = Boolean(props.children);
  useEffect(() => {
    if (shown && focusUnclaimed()) ref.current?.focus();
  }, [shown]);
  // -1: focusable by script, without adding a tab stop.
  return <Notice {...props} ref={ref} tabIndex={-1} />;
}
