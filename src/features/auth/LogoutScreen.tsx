import { useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { logoutMachine } from '../../../machines/logout.machine';
import { logoutProvision } from '../../app/actors';
import { Preloader } from '../../ui/Preloader';

const machine = logoutMachine.provide(logoutProvision);

/** /logout: the machine revokes the session, clears local data and goes to sign-in. */
export function LogoutScreen() {
  const { t } = useLingui();
  useActorRef(machine);
  return <Preloader label={t`Signing out…`} />;
}
