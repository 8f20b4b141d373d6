import { useLingui } from '@lingui/react/macro';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { autoLoginMachine } from '../../../machines/auth/autoLogin.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { Preloader } from '../../ui/Preloader';
import { autoLogin } from './autoLogin.provide';

const route = getRouteApi('/auto-login');

/** /auto-login?token&returnUrl: signs in with the given token, or goes to sign-in. */
export function AutoLoginScreen() {
  const { token, returnUrl } = route.useSearch();
  const actor = useActorRef(useProvided(autoLogin), {
    input: { token, returnUrl },
    inspect: recordTransitions,
  });
  return <AutoLoginView actor={actor} />;
}

export function AutoLoginView({ actor: autoLogin }: { actor: ActorRefFrom<typeof autoLoginMachine> }) {
  const { t } = useLingui();
  const outcome = useSelector(autoLogin, (snapshot) => snapshot.value);
  if (outcome === 'redirectingToLogin') return <Navigate to="/" replace />;
  if (outcome === 'failed') return <Navigate to="/" search={{ error: 'autoLogin' }} replace />;
  return <Preloader label={t`Signing you in…`} />;
}
