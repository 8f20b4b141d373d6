import type { ReactNode } from 'react';

/**
 * The full-page loader; its text is passed in already translated. At start-up it shows the brand
 * logo where the page's splash (server/static.ts) drew it, with the spinner below.
 */
export function Preloader({ label, logo }: { label: string; logo?: ReactNode }) {
  return (
    <div className={logo ? 'preloader preloader--brand' : 'preloader'} role="status" aria-label={label}>
      {logo}
      <span className="preloader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
