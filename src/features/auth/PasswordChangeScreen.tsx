import { Trans } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { passwordChangeMachine } from '../../../machines/passwordChange.machine';
import { passwordChangeProvision } from '../../app/actors';
import { NewPasswordForm } from './NewPasswordForm';

const machine = passwordChangeMachine.provide(passwordChangeProvision);

/** The forced password change (/resetPassword), required before anything else. */
export function PasswordChangeScreen() {
  const change = useActorRef(machine);
  return (
    <section className="card">
      <NewPasswordForm actor={change} heading={<Trans>Change password</Trans>} />
    </section>
  );
}
