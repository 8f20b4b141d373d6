import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { passwordResetMachine } from '../../../machines/auth/passwordReset.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { formErrorText } from '../../ui/formText';
import { ResultNotice } from '../../ui/ResultNotice';
import { NewPasswordForm } from './NewPasswordForm';
import { passwordReset } from './passwordReset.provide';
import { useRecoveryEmail } from './recoveryEmail';

/** Sets a new password with the mailed token; on success the user is signed in and lands on home. */
export function PasswordResetForm({ token }: { token: string }) {
  const actor = useActorRef(useProvided(passwordReset), { input: { token }, inspect: recordTransitions });
  return <PasswordResetView actor={actor} />;
}

export function PasswordResetView({ actor }: { actor: ActorRefFrom<typeof passwordResetMachine> }) {
  const heading = <Trans>Set a new password</Trans>;
  const refused = useSelector(actor, (snapshot) => snapshot.matches('linkRefused'));
  if (refused) return <LinkRefused actor={actor} heading={heading} />;
  return <NewPasswordForm actor={actor} heading={heading} />;
}

/**
 * A used or expired link: its reason (which takes the focus the vanished form had, see
 * `ResultNotice`) and the way to a new link, on the recovery page with the e-mail when it is known.
 */
function LinkRefused({
  actor,
  heading,
}: {
  actor: ActorRefFrom<typeof passwordResetMachine>;
  heading: ReactNode;
}) {
  const { i18n } = useLingui();
  const reason = useSelector(actor, (snapshot) => snapshot.context.formError);
  const email = useRecoveryEmail();
  return (
    <>
      <h1>{heading}</h1>
      <ResultNotice>{formErrorText(i18n, reason)}</ResultNotice>
      <Link to="/reset" state={{ email }} className="btn btn--primary btn--block">
        <span className="btn__label">
          <Trans>Request a new link</Trans>
        </span>
      </Link>
      <div className="card__links">
        <Link to="/">
          <Trans>Back to sign in</Trans>
        </Link>
      </div>
    </>
  );
}
