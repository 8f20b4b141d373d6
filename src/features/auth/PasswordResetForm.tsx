import { Trans } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { passwordResetMachine } from '../../../machines/auth/passwordReset.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { NewPasswordForm } from './NewPasswordForm';
import { passwordReset } from './passwordReset.provide';

/** Sets a new password with the mailed token; on success the user is signed in and lands on home. */
export function PasswordResetForm({ token }: { token: string }) {
  const actor = useActorRef(useProvided(passwordReset), { input: { token }, inspect: recordTransitions });
  return <PasswordResetView actor={actor} />;
}

export function PasswordResetView({ actor }: { actor: ActorRefFrom<typeof passwordResetMachine> }) {
  return <NewPasswordForm actor={actor} heading={<Trans>Set a new password</Trans>} />;
}
