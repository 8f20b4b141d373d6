import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { accessRecoveryMachine } from '../../../machines/accessRecovery.machine';
import { accessRecoveryProvision } from '../../app/actors';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { useMachineForm } from '../../ui/useMachineForm';
import { formErrorText } from './formText';
import { GuestLayout } from './GuestLayout';
import { PasswordResetForm } from './PasswordResetForm';

const machine = accessRecoveryMachine.provide(accessRecoveryProvision);
const route = getRouteApi('/reset');

/** /reset asks for the e-mail to send a link to; /reset?token=… (the mailed link) sets the new password. */
export function AccessRecoveryScreen() {
  const { token } = route.useSearch() as { token?: string };
  return <GuestLayout>{token ? <PasswordResetForm token={token} /> : <RequestLinkForm />}</GuestLayout>;
}

function RequestLinkForm() {
  const { t, i18n } = useLingui();
  const recovery = useActorRef(machine);
  const sent = useSelector(recovery, (snapshot) => snapshot.matches('sent'));
  const { context, busy, formProps, field } = useMachineForm<'email', typeof recovery>(recovery, (snapshot) =>
    snapshot.matches('sending'),
  );
  const sentTo = context.email;
  return (
    <>
      <h1>
        <Trans>Password recovery</Trans>
      </h1>
      {sent ? (
        <>
          <Notice tone="success">
            <Trans>We have sent a link to {sentTo}</Trans>
          </Notice>
          <Button variant="secondary" onClick={() => recovery.send({ type: 'FORM.RESET' })}>
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
