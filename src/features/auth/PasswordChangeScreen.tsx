import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { passwordChangeMachine } from '../../../machines/auth/passwordChange.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { NewPasswordForm } from './NewPasswordForm';
import { passwordChange } from './passwordChange.provide';

/** The forced password change (/resetPassword), required before anything else. */
export function PasswordChangeScreen() {
  const actor = useActorRef(useProvided(passwordChange), { inspect: recordTransitions });
  return <PasswordChangeView actor={actor} />;
}

export function PasswordChangeView({ actor }: { actor: ActorRefFrom<typeof passwordChangeMachine> }) {
  const { t } = useLingui();
  useDocumentTitle(t`Change password`);
  return (
    <section className="card">
      <NewPasswordForm actor={actor} heading={<Trans>Change password</Trans>} />
    </section>
  );
}
