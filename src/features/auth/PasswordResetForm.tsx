import { Trans } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { passwordResetMachine } from '../../../machines/passwordReset.machine';
import { passwordResetProvision } from '../../app/actors';
import { NewPasswordForm } from './NewPasswordForm';

const machine = passwordResetMachine.provide(passwordResetProvision);

/** Sets a new password with the mailed token; on success the user is signed in and lands on home. */
export function PasswordResetForm({ token }: { token: string }) {
  const reset = useActorRef(machine, { input: { token } });
  return <NewPasswordForm actor={reset} heading={<Trans>Set a new password</Trans>} />;
}
