import { Plural, useLingui } from '@lingui/react/macro';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../domain/limits';
import { supportMessageLength } from '../domain/validation';
import { TextField } from './TextField';

type MessageFieldProps = {
  name: string;
  value: string;
  errors: string[];
  onValueChange: (value: string) => void;
};

/**
 * A support message (shell spec, section 5: at most 500 characters) with a live count of what is
 * left, or of how much is over, for the guest's form and the signed-in support page alike. The count
 * is the rule's (characters: an emoji is one); the browser's own limit counts UTF-16 units, so it is
 * set where no message of 500 characters can reach it, and the form's rule refuses a longer one.
 */
export function SupportMessageField(props: MessageFieldProps) {
  const { t } = useLingui();
  const left = SUPPORT_MESSAGE_MAX_LENGTH - supportMessageLength(props.value);
  const over = -left;
  return (
    <TextField
      label={t`Message`}
      multiline
      maxLength={SUPPORT_MESSAGE_MAX_LENGTH * 2}
      {...props}
      hint={
        <span className={left >= 0 ? 'counter' : 'counter counter--over'} aria-live="polite">
          {left >= 0 ? (
            <Plural value={left} one="# character left" other="# characters left" />
          ) : (
            <Plural value={over} one="# character too many" other="# characters too many" />
          )}
        </span>
      }
    />
  );
}
