import type { ReactNode, Ref } from 'react';

/** The notice area of a screen: announced as an alert whenever it gets content. */
export function Notice({
  children,
  tone = 'error',
  ref,
  tabIndex,
}: {
  children?: ReactNode;
  tone?: 'error' | 'success' | 'info';
  /** Set by `ResultNotice`, which focuses the notice; its code has its own module, so sign-in loads none of it. */
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
}) {
  return (
    <div
      ref={ref}
      tabIndex={tabIndex}
      role="alert"
      className={children ? `notice notice--${tone}` : 'notice notice--empty'}
    >
      {children}
    </div>
  );
}
