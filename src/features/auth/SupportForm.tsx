import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { supportFormMachine } from '../../../machines/auth/supportForm.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { hasVisibleText } from '../../domain/text';
import { Button } from '../../ui/Button';
import { formErrorText } from '../../ui/formText';
import { Notice } from '../../ui/Notice';
import { ResultNotice } from '../../ui/ResultNotice';
import { SupportMessageField } from '../../ui/SupportMessageField';
import { TextField } from '../../ui/TextField';
import { useMachineForm } from '../../ui/useMachineForm';
import { useRefocusForm } from '../../ui/useRefocusForm';
import { supportForm } from './supportForm.provide';

const sendFailed = msg`Failed to send the message. Try again later`;

/** The guest contact form: name, e-mail and a message of at most 500 characters. */
export default function SupportForm() {
  const actor = useActorRef(useProvided(supportForm), { input: {}, inspect: recordTransitions });
  return <SupportFormView actor={actor} />;
}

export function SupportFormView({ actor: support }: { actor: ActorRefFrom<typeof supportFormMachine> }) {
  const { t, i18n } = useLingui();
  const {
    context: form,
    busy: sending,
    formProps,
    field,
  } = useMachineForm<'name' | 'email' | 'message', typeof support>(support, (snapshot) =>
    snapshot.matches('sending'),
  );
  const sent = useSelector(support, (snapshot) => snapshot.matches('sent'));
  const bringFormBack = useRefocusForm(formProps.ref, !sent, () => support.send({ type: 'FORM.RESET' }));

  if (sent) {
    return (
      <>
        <ResultNotice tone="success">
          <Trans>Your message has been sent</Trans>
        </ResultNotice>
        <Button variant="secondary" onClick={bringFormBack}>
          <Trans>Write another message</Trans>
        </Button>
      </>
    );
  }

  return (
    <form {...formProps}>
      <Notice>{formErrorText(i18n, form.formError, sendFailed)}</Notice>
      <TextField label={t`Name`} autoComplete="name" {...field('name')} />
      <TextField label={t`E-mail`} type="email" autoComplete="email" inputMode="email" {...field('email')} />
      <SupportMessageField {...field('message')} />
      <Button type="submit" busy={sending} disabled={!hasVisibleText(form.message)}>
        <Trans>Send</Trans>
      </Button>
    </form>
  );
}
