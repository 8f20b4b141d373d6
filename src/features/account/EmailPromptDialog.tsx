import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { EmailPromptField, emailPromptMachine } from '../../../machines/account/emailPrompt.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { fieldErrorText } from '../../ui/fieldErrorText';
import { formErrorText } from '../../ui/formText';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { useMachineForm } from '../../ui/useMachineForm';
import { emailPrompt } from './emailPrompt.provide';

const checkFailed = msg`Couldn't check your e-mail, can you send it again?`;

/**
 * The e-mail request (shell spec, section 4 rule 7), shown over a page that needs an e-mail while the
 * user has none. Save stores it on the account; Cancel (or Escape) leaves the page.
 */
export default function EmailPromptDialog() {
  const actor = useActorRef(useProvided(emailPrompt), { inspect: recordTransitions });
  return <EmailPromptView actor={actor} />;
}

export function EmailPromptView({ actor: prompt }: { actor: ActorRefFrom<typeof emailPromptMachine> }) {
  const { t, i18n } = useLingui();
  const { context, busy, formProps, field } = useMachineForm<EmailPromptField, typeof prompt>(
    prompt,
    (snapshot) => snapshot.matches('submitting'),
  );
  const cancel = () => prompt.send({ type: 'PROMPT.CANCEL' });
  // This dialog words an empty field its own way (spec section 5).
  const emailErrors = (context.errors.email ?? []).map((error) =>
    error.code === 'required' ? t`Please enter e-mail` : fieldErrorText(i18n, error),
  );
  return (
    <Dialog title={t`Your e-mail`} onClose={cancel}>
      <form {...formProps}>
        <p>
          <Trans>Enter your e-mail to continue.</Trans>
        </p>
        <Notice>{formErrorText(i18n, context.formError, checkFailed)}</Notice>
        <TextField
          {...field('email')}
          errors={emailErrors}
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <div className="dialog__actions">
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" busy={busy}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
