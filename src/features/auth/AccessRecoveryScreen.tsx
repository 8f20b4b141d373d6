import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { accessRecoveryMachine } from '../../../machines/auth/accessRecovery.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { Button } from '../../ui/Button';
import { formErrorText } from '../../ui/formText';
import { Notice } from '../../ui/Notice';
import { ResultNotice } from '../../ui/ResultNotice';
import { TextField } from '../../ui/TextField';
import { useMachineForm } from '../../ui/useMachineForm';
import { useRefocusForm } from '../../ui/useRefocusForm';
import { accessRecovery } from './accessRecovery.provide';
import { GuestLayout } from './GuestLayout';
import { PasswordResetForm } from './PasswordResetForm';
import { useRecoveryEmail } from './recoveryEmail';

const route = getRouteApi('/reset');

/** /reset asks for the e-mail to send a link to; /reset?token=… (the mailed link) sets the new password. */
export function AccessRecoveryScreen() {
  const { token } = route.useSearch();
  return <GuestLayout>{token ? <PasswordResetForm token={token} /> : <RequestLinkForm />}</GuestLayout>;
}

function RequestLinkForm() {
  const actor = useActorRef(useProvided(accessRecovery), {
    input: { email: useRecoveryEmail() },
    inspect: recordTransitions,
  });
  return <RequestLinkView actor={actor} />;
}

export function RequestLinkView({ actor: recovery }: { actor: ActorRefFrom<typeof accessRecoveryMachine> }) {
  const { t, i18n } = useLingui();
  const sent = useSelector(recovery, (snapshot) => snapshot.matches('sent'));
  const { context, busy, formProps, field } = useMachineForm<'email', typeof recovery>(recovery, (snapshot) =>
    snapshot.matches('sending'),
  );
  const sentTo = context.email;
  const bringFormBack = useRefocusForm(formProps.ref, !sent, () => recovery.send({ type: 'FORM.RESET' }));
  return (
    <>
      <h1>
        <Trans>Password recovery</Trans>
      </h1>
      {sent ? (
        <>
          <ResultNotice tone="success">
            <Trans>We have sent a link to {sentTo}</Trans>
          </ResultNotice>
          <Button variant="secondary" onClick={bringFormBack}>
            <Trans>Use another e-mail</Trans>
          </Button>
        </>
      ) : (
        <>
          <Notice>{formErrorText(i18n, context.formError)}</Notice>
          <form {...formProps}>
            <TextField
              {...field('email')}
              label={t`E-mail`}
              type="email"
              autoComplete="email"
              inputMode="email"
            />
            <Button type="submit" busy={busy} className="btn--block">
              <Trans>Send link</Trans>
            </Button>
          </form>
        </>
      )}
      <div className="card__links">
        <Link to="/">
          <Trans>Back to sign in</Trans>
        </Link>
      </div>
    </>
  );
}
