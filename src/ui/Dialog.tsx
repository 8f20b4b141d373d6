import { type ReactNode, useEffect, useId, useRef } from 'react';

type DialogProps = {
  title: string;
  children: ReactNode;
  /** Full-size dialogs hold documents (the user instruction). */
  size?: 'normal' | 'full';
  /** Escape (and the × button) call it; without it the user must pick one of the dialog's actions. */
  onClose?: () => void;
  /** The × button's accessible name; dialogs whose own buttons already say "Cancel" leave it out. */
  closeLabel?: string;
};

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside) and Escape fires `cancel`, which closes it through `onClose`.
 */
export function Dialog({ title, children, size = 'normal', onClose, closeLabel }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
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
