import { Plural, useLingui } from '@lingui/react/macro';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../domain/limits';
import { TextField } from './TextField';

type MessageFieldProps = {
  name: string;
  value: string;
  errors: string[];
  onValueChange: (value: string) => void;
};

/**
 * A support message (shell spec, section 5: at most 500 characters) with a live count of what is
 * left, for the guest's form and the signed-in support page alike.
 */
export function SupportMessageField(props: MessageFieldProps) {
  const { t } = useLingui();
  const left = SUPPORT_MESSAGE_MAX_LENGTH - props.value.length;
  return (
    <TextField
      label={t`Message`}
      multiline
      maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
      {...props}
      hint={
        <span className="counter" aria-live="polite">
          <Plural value={left} one="# character left" other="# characters left" />
        </span>
      }
    />
  );
}
