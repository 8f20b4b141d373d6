import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>;
  variant?: 'primary' | 'secondary' | 'link';
  /** Shows the loader, sets aria-busy and blocks clicks while the action runs. */
  busy?: boolean;
};

/** A click on a busy button does nothing, not even submit its form. */
const ignoreActivation = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();

export function Button({
  variant = 'primary',
  busy = false,
  className,
  disabled,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={['btn', `btn--${variant}`, className].filter(Boolean).join(' ')}
      // Busy is aria-disabled, not disabled: a focused button that becomes disabled drops the focus
      // to the page's body, and a keyboard or screen-reader user would start again from the top.
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? ignoreActivation : onClick}
    >
      {busy && <span className="btn__spinner" aria-hidden="true" />}
      <span className="btn__label">{children}</span>
    </button>
  );
}
