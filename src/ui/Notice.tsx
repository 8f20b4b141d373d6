import type { ReactNode, Ref } from 'react';

/**
 * The notice area of a screen: announced as an alert whenever it gets content, or, `polite`, as a
 * status once the reader is done (an outcome the learner expects, such as a confirmed unlink).
 */
export function Notice({
  children,
  tone = 'error',
  polite = false,
  ref,
  tabIndex,
}: {
  children?: ReactNode;
  tone?: 'error' | 'success' | 'info';
  polite?: boolean;
  /** Set by `ResultNotice`, which focuses the notice; its code has its own module, so sign-in loads none of it. */
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
}) {
  return (
    <div
      ref={ref}
      tabIndex={tabIndex}
      role={polite ? 'status' : 'alert'}
      className={children ? `notice notice--${tone}` : 'notice notice--empty'}
    >
      {children}
    </div>
  );
}
