import { type ReactNode, useEffect, useEffectEvent, useId, useRef } from 'react';

type DialogProps = {
  title: string;
  children: ReactNode;
  /** Full-size dialogs hold documents (the user instruction). */
  size?: 'normal' | 'full';
  /** Escape (and the × button) call it; without it the user must pick one of the dialog's actions. */
  onClose?: () => void;
  /** The × button's accessible name; dialogs whose own buttons already say "Cancel" leave it out. */
  closeLabel?: string;
  /**
   * Finds, as the dialog closes, where the focus goes when the control that opened it is gone (its
   * action replaced it) or there was none (the page opened the dialog on arrival).
   */
  focusOnClose?: () => HTMLElement | null;
};

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside) and Escape fires `cancel`, which closes it through `onClose`. Closed, it gives focus back
 * to what had it when it opened, else to what `focusOnClose` finds.
 */
export function Dialog({ title, children, size = 'normal', onClose, closeLabel, focusOnClose }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Asked when the dialog closes: the page as it is then decides where the focus goes.
  const focusFallback = useEffectEvent(() => focusOnClose?.() ?? null);
  useEffect(() => {
    const dialog = ref.current;
    const parent = dialog?.parentElement;
    if (!dialog || !parent) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    // A dialog opened under a hidden page (the app still loading its data) would open without focus,
    // and nothing moves focus in later: open it once the page around it shows.
    const openWhenShown = () => {
      if (!dialog.open && parent.checkVisibility?.() !== false) dialog.showModal();
    };
    openWhenShown();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(openWhenShown);
    observer?.observe(parent);
    return () => {
      observer?.disconnect();
      dialog.close();
      // The dialog leaves the page before it closes, so it cannot hand focus back itself: the
      // control that opened it gets it, and a keyboard user goes on from there, not from the top.
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost) (opener?.isConnected ? opener : focusFallback())?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
    >
      <div className="dialog__header">
        <h2 className="dialog__title" id={titleId}>
          {title}
        </h2>
        {onClose && closeLabel && (
          <button type="button" className="dialog__close" onClick={onClose} aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
