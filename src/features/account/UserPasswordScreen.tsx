import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { userPasswordMachine } from '../../../machines/account/userPassword.machine';
import { useProvided, useSession } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { NewPasswordForm } from '../auth/NewPasswordForm';
import { BackLink } from '../shell/BackLink';
import { userPassword } from './userPassword.provide';
import './account.css';

/**
 * /user/settings/password: the learner changes the password with the current one, or, with an
 * account made with a social network, sets a first one.
 */
export function UserPasswordScreen() {
  const hasPassword = useSession((snapshot) => snapshot.context.user?.hasPassword ?? true);
  const actor = useActorRef(useProvided(userPassword), {
    input: { hasPassword },
    inspect: recordTransitions,
  });
  return <UserPasswordView actor={actor} />;
}

export function UserPasswordView({ actor }: { actor: ActorRefFrom<typeof userPasswordMachine> }) {
  const { t } = useLingui();
  const hasPassword = useSelector(actor, (snapshot) => snapshot.context.hasPassword);
  useDocumentTitle(hasPassword ? t`Change password` : t`Set a password`);
  return (
    <section className="card">
      <NewPasswordForm
        actor={actor}
        askCurrent={hasPassword}
        heading={hasPassword ? <Trans>Change password</Trans> : <Trans>Set a password</Trans>}
      />
      <p className="settings__note">
        {hasPassword ? (
          <Trans>After the change, your other devices are signed out.</Trans>
        ) : (
          <Trans>
            You sign in with a social network. With a password you can also sign in with your e-mail. Your
            other devices are signed out.
          </Trans>
        )}
      </p>
      <p className="card__links">
        <BackLink to="/user/settings">
          <Trans>Back to settings</Trans>
        </BackLink>
      </p>
    </section>
  );
}
