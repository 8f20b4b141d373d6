import { useLingui } from '@lingui/react/macro';
import { type ComponentProps, useState } from 'react';
import { TextField } from './TextField';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'addon'> & {
  /** When a machine owns the visibility (sign-in), it passes it here; otherwise the field keeps it. */
  visible?: boolean;
  onToggleVisible?: () => void;
};

/** A password input with a "Show password" / "Hide password" toggle. */
export function PasswordField({ visible, onToggleVisible, ...field }: PasswordFieldProps) {
  const { t } = useLingui();
  const [ownVisible, setOwnVisible] = useState(false);
  const shown = visible ?? ownVisible;
  const toggle = onToggleVisible ?? (() => setOwnVisible((value) => !value));
  return (
    <TextField
      {...field}
      type={shown ? 'text' : 'password'}
      addon={
        <button type="button" className="field__toggle" onClick={toggle}>
          {shown ? t`Hide password` : t`Show password`}
        </button>
      }
    />
  );
}
