import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { userPasswordMachine } from '../../../machines/account/userPassword.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { NewPasswordForm } from '../auth/NewPasswordForm';
import { BackLink } from '../shell/BackLink';
import { userPassword } from './userPassword.provide';
import './account.css';

/** /user/settings/password: the learner changes the password with the current one. */
export function UserPasswordScreen() {
  const actor = useActorRef(useProvided(userPassword), { inspect: recordTransitions });
  return <UserPasswordView actor={actor} />;
}

export function UserPasswordView({ actor }: { actor: ActorRefFrom<typeof userPasswordMachine> }) {
  const { t } = useLingui();
  useDocumentTitle(t`Change password`);
  return (
    <section className="card">
      <NewPasswordForm actor={actor} askCurrent heading={<Trans>Change password</Trans>} />
      <p className="settings__note">
        <Trans>After the change, your other devices are signed out.</Trans>
      </p>
      <p className="card__links">
        <BackLink to="/user/settings">
          <Trans>Back to settings</Trans>
        </BackLink>
      </p>
    </section>
  );
}
