import { useLingui } from '@lingui/react/macro';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { autoLoginMachine } from '../../../machines/autoLogin.machine';
import { autoLoginProvision } from '../../app/actors';
import { Preloader } from '../../ui/Preloader';

const machine = autoLoginMachine.provide(autoLoginProvision);
const route = getRouteApi('/auto-login');

/** /auto-login?token&returnUrl: signs in with the given token, or goes to sign-in. */
export function AutoLoginScreen() {
  const { t } = useLingui();
  const { token, returnUrl } = route.useSearch() as { token?: string; returnUrl?: string };
  const autoLogin = useActorRef(machine, { input: { token, returnUrl } });
  const outcome = useSelector(autoLogin, (snapshot) => snapshot.value);
  if (outcome === 'redirectingToLogin') return <Navigate to="/" replace />;
  if (outcome === 'failed') return <Navigate to="/" search={{ error: 'autoLogin' }} replace />;
  return <Preloader label={t`Signing you in…`} />;
}
