import { useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { Preloader } from '../../ui/Preloader';
import { logout } from './logout.provide';

/** /logout: the machine revokes the session, clears local data and goes to sign-in. */
export function LogoutScreen() {
  useActorRef(useProvided(logout), { inspect: recordTransitions });
  return <LogoutView />;
}

/** All the user sees while signing out: the machine's work ends on the sign-in page. */
export function LogoutView() {
  const { t } = useLingui();
  return <Preloader label={t`Signing out…`} />;
}
