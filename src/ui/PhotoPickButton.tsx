import type { Ref } from 'react';
import { AVATAR_IMAGE_TYPES } from '../domain/avatar';

/**
 * A button-styled file picker for a photo: the types the upload accepts, and the input emptied after
 * each pick so the same file can be picked again after a failure.
 */
export function PhotoPickButton({
  label,
  className,
  onPick,
  ref,
}: {
  label: string;
  /** The button's classes, e.g. `btn btn--secondary`. */
  className: string;
  onPick: (file: File) => void;
  /** The file input, the control that takes the focus. */
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <label className={className}>
      <span className="btn__label">{label}</span>
      <input
        ref={ref}
        type="file"
        className="visually-hidden"
        accept={AVATAR_IMAGE_TYPES.join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
    </label>
  );
}
