import { type ComponentProps, useEffect, useRef } from 'react';
import { focusLost } from './focusLost';
import { Notice } from './Notice';

/**
 * The page's heading holds a focus its page lost for a moment (watchPageHeading gives it one lost for
 * 100 ms): an outcome slower than that finds it there, not lost, yet it is still the focus the
 * outcome's control lost. A learner cannot Tab to the heading, so it is not one they put there.
 */
const focusParkedOnHeading = () => document.activeElement?.matches('main h1') === true;

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
    if (shown && (focusLost() || focusParkedOnHeading())) ref.current?.focus();
  }, [shown]);
  // -1: focusable by script, without adding a tab stop.
  return <Notice {...props} ref={ref} tabIndex={-1} />;
}
