import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { passwordChangeMachine } from '../../../machines/passwordChange.machine';
import { passwordChangeProvision } from '../../app/actors';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { useMachineForm } from '../../ui/useMachineForm';
import { formErrorText } from './formText';
import { NewPasswordFields } from './NewPasswordFields';

const machine = passwordChangeMachine.provide(passwordChangeProvision);

/** The forced password change (/resetPassword), required before anything else. */
export function PasswordChangeScreen() {
  const { i18n } = useLingui();
  const change = useActorRef(machine);
  const { context, busy, formProps, field } = useMachineForm<'password' | 'passwordRepeat', typeof change>(
    change,
    (snapshot) => snapshot.matches('submitting'),
  );
  return (
    <section className="card">
      <h1>
        <Trans>Change password</Trans>
      </h1>
      <Notice>{formErrorText(i18n, context.formError)}</Notice>
      <form {...formProps}>
        <NewPasswordFields password={field('password')} passwordRepeat={field('passwordRepeat')} />
        <Button type="submit" busy={busy} className="btn--block">
          <Trans>Save password</Trans>
        </Button>
      </form>
    </section>
  );
}
