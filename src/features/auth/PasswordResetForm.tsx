import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { passwordResetMachine } from '../../../machines/passwordReset.machine';
import { passwordResetProvision } from '../../app/actors';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { useMachineForm } from '../../ui/useMachineForm';
import { formErrorText } from './formText';
import { NewPasswordFields } from './NewPasswordFields';

const machine = passwordResetMachine.provide(passwordResetProvision);

/** Sets a new password with the mailed token; on success the user is signed in and lands on home. */
export function PasswordResetForm({ token }: { token: string }) {
  const { i18n } = useLingui();
  const reset = useActorRef(machine, { input: { token } });
  const { context, busy, formProps, field } = useMachineForm<'password' | 'passwordRepeat', typeof reset>(
    reset,
    (snapshot) => snapshot.matches('submitting'),
  );
  return (
    <>
      <h1>
        <Trans>Set a new password</Trans>
      </h1>
      <Notice>{formErrorText(i18n, context.formError)}</Notice>
      <form {...formProps}>
        <NewPasswordFields password={field('password')} passwordRepeat={field('passwordRepeat')} />
        <Button type="submit" busy={busy} className="btn--block">
          <Trans>Save password</Trans>
        </Button>
      </form>
    </>
  );
}
