import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

type TextFieldProps = {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Translated error texts; linked to the input with aria-describedby. */
  errors?: readonly string[];
  hint?: ReactNode;
  /** Rendered inside the input row (e.g. the show-password toggle). */
  addon?: ReactNode;
  multiline?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

/** A labelled input with its hint and errors announced to assistive technology. */
export function TextField({
  label,
  value,
  onValueChange,
  errors = [],
  hint,
  addon,
  multiline,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': errors.length > 0 || undefined,
    'aria-describedby': describedBy,
    className: 'field__input',
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__row">
        {multiline ? (
          <textarea
            {...common}
            rows={5}
            maxLength={input.maxLength}
            required={input.required}
            name={input.name}
            onChange={(event) => onValueChange(event.target.value)}
          />
        ) : (
          <input {...input} {...common} onChange={(event) => onValueChange(event.target.value)} />
        )}
        {addon}
      </div>
      {hint && (
        <div className="field__hint" id={hintId}>
          {hint}
        </div>
      )}
      {errorId && (
        <ul className="field__errors" id={errorId}>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
