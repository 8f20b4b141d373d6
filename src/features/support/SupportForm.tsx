import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../../../machines/constants';
import { supportFormMachine } from '../../../machines/supportForm.machine';
import { supportFormProvision } from '../../app/actors';
import { Button } from '../../ui/Button';
import { fieldErrorTexts } from '../../ui/fieldErrorText';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { useFocusFirstError } from '../../ui/useFocusFirstError';
import { formErrorText } from '../auth/formText';

const sendFailed = msg`Failed to send the message. Try again later`;
const machine = supportFormMachine.provide(supportFormProvision);

/** The guest contact form: name, e-mail and a message of at most 500 characters. */
export default function SupportForm() {
  const { t, i18n } = useLingui();
  const support = useActorRef(machine, { input: {} });
  const form = useSelector(support, (snapshot) => snapshot.context, shallowEqual);
  const sending = useSelector(support, (snapshot) => snapshot.matches('sending'));
  const sent = useSelector(support, (snapshot) => snapshot.matches('sent'));
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef, sending);

  if (sent) {
    return (
      <>
        <Notice tone="success">
          <Trans>Your message has been sent</Trans>
        </Notice>
        <Button variant="secondary" onClick={() => support.send({ type: 'FORM.RESET' })}>
          <Trans>Write another message</Trans>
        </Button>
      </>
    );
  }

  const left = SUPPORT_MESSAGE_MAX_LENGTH - form.message.length;
  const change = (field: 'name' | 'email' | 'message') => (value: string) =>
    support.send({ type: 'FORM.CHANGE', field, value });
  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        support.send({ type: 'FORM.SUBMIT' });
        focusFirstError();
      }}
    >
      <Notice>{formErrorText(i18n, form.formError, sendFailed)}</Notice>
      <TextField
        label={t`Name`}
        name="name"
        autoComplete="name"
        value={form.name}
        errors={fieldErrorTexts(i18n, form.errors.name)}
        onValueChange={change('name')}
      />
      <TextField
        label={t`E-mail`}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={form.email}
        errors={fieldErrorTexts(i18n, form.errors.email)}
        onValueChange={change('email')}
      />
      <TextField
        label={t`Message`}
        name="message"
        multiline
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        value={form.message}
        errors={fieldErrorTexts(i18n, form.errors.message)}
        hint={
          <span className="counter" aria-live="polite">
            <Plural value={left} one="# character left" other="# characters left" />
          </span>
        }
        onValueChange={change('message')}
      />
      <Button type="submit" busy={sending} disabled={form.message.trim() === ''}>
        <Trans>Send</Trans>
      </Button>
    </form>
  );
}
