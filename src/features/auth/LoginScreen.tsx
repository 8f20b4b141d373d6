import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../../../machines/auth/login.machine';
import { useBrand, useProvided, useSession } from '../../app/hooks';
import { withAreaCatalog } from '../../app/i18n';
import { recordTransitions } from '../../app/transitionRecorder';
import { offersSocialSignIn } from '../../domain/socialSignIn';
import { Button } from '../../ui/Button';
import { formErrorText, signInFailed } from '../../ui/formText';
import { Notice } from '../../ui/Notice';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { useMachineForm } from '../../ui/useMachineForm';
import { GuestLayout } from './GuestLayout';
import { InstructionButton } from './InstructionButton';
import { login } from './login.provide';

const loginRoute = getRouteApi('/');

/** Only a brand with a configured social network loads its buttons (most sign-in pages have none). */
const SocialButtons = lazy(() =>
  import('./SocialButtons').then((module) => ({ default: module.SocialButtons })),
);

/** Only an address coming back from a social sign-in (`action=login`) loads it, with its texts. */
const SocialLoginReturn = lazy(() =>
  withAreaCatalog('pages', () => import('./SocialLoginReturn'))().then((module) => ({
    default: module.SocialLoginReturn,
  })),
);

/** Sign-in (shell spec, section 2 "Sign-in screen"). */
export function LoginScreen() {
  const actor = useActorRef(useProvided(login), { input: {}, inspect: recordTransitions });
  return <LoginView actor={actor} />;
}

export function LoginView({ actor: login }: { actor: ActorRefFrom<typeof loginMachine> }) {
  const { t, i18n } = useLingui();
  const brand = useBrand();
  const navigate = useNavigate();
  const search = loginRoute.useSearch();
  const entryError = search.error;
  const sessionNotice = useSession((snapshot) => snapshot.context.notice);
  const {
    context: form,
    busy: submitting,
    formProps,
    field,
  } = useMachineForm<'email' | 'password', typeof login>(login, (snapshot) => snapshot.matches('submitting'));
  const throttled = useSelector(login, (snapshot) => snapshot.matches({ editing: 'throttled' }));
  const passwordVisible = useSelector(login, (snapshot) => snapshot.context.passwordVisible);
  const showRestore = useSelector(login, (snapshot) => snapshot.context.showRestore);

  const notice =
    formErrorText(i18n, form.formError, signInFailed) ??
    (sessionNotice === 'newSignIn' ? t`New sign-in` : null) ??
    (entryError === 'autoLogin' ? t`The sign-in link is invalid or has expired` : null);
  const empty = form.email.trim() === '' || form.password.trim() === '';
  // The recovery screen starts from the address typed here, carried in the history entry's state.
  const recovery = { to: '/reset', state: { email: form.email } } as const;

  return (
    <GuestLayout>
      <h1>
        <Trans>Sign In</Trans>
      </h1>
      <Notice>{notice}</Notice>
      <form {...formProps}>
        <TextField
          label={t`E-mail`}
          type="email"
          autoComplete="username"
          inputMode="email"
          {...field('email')}
        />
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          {...field('password')}
          visible={passwordVisible}
          onToggleVisible={() => login.send({ type: 'FORM.TOGGLE_PASSWORD' })}
        />
        <div className="form__actions">
          <Button type="submit" className="btn--block" busy={submitting} disabled={empty || throttled}>
            <Trans>Sign in</Trans>
          </Button>
          {showRestore && (
            <Button variant="secondary" className="btn--block" onClick={() => navigate(recovery)}>
              <Trans>Restore password</Trans>
            </Button>
          )}
        </div>
      </form>
      <div className="card__links">
        <Link {...recovery}>
          <Trans>Forgot your password?</Trans>
        </Link>
        {brand.flags.isRegistrationEnable ? (
          <Link to={brand.userInfoChat.questions.length > 0 ? '/welcome' : '/signup'}>
            <Trans>Register</Trans>
          </Link>
        ) : (
          <InstructionButton />
        )}
      </div>
      {offersSocialSignIn(brand) && (
        <Suspense fallback={null}>
          <SocialButtons providers={brand.socialAuth.web} />
        </Suspense>
      )}
      {search.action === 'login' && (
        <Suspense fallback={null}>
          <SocialLoginReturn />
        </Suspense>
      )}
    </GuestLayout>
  );
}
