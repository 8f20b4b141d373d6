import type { ReactNode } from 'react';

/** The notice area of a screen: announced as an alert whenever it gets content. */
export function Notice({
  children,
  tone = 'error',
}: {
  children?: ReactNode;
  tone?: 'error' | 'success' | 'info';
}) {
  return (
    <div role="alert" className={children ? `notice notice--${tone}` : 'notice notice--empty'}>
      {children}
    </div>
  );
}
