import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { signupMachine } from '../../../machines/auth/signup.machine';
import { useBrand, useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { guessTimezone } from '../../platform/timezone';
import { Button } from '../../ui/Button';
import { formErrorText, signInFailed } from '../../ui/formText';
import { Notice } from '../../ui/Notice';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { useMachineForm } from '../../ui/useMachineForm';
import { GuestLayout } from './GuestLayout';
import { signup } from './signup.provide';

/** Sign-up by e-mail (only where the brand has registration on; otherwise back to sign-in). */
export function SignupScreen() {
  const brand = useBrand();
  if (!brand.flags.isRegistrationEnable) return <Navigate to="/" replace />;
  return <SignupForm />;
}

function SignupForm() {
  const actor = useActorRef(useProvided(signup), {
    input: { timezone: guessTimezone() },
    inspect: recordTransitions,
  });
  return <SignupView actor={actor} />;
}

export function SignupView({ actor: signup }: { actor: ActorRefFrom<typeof signupMachine> }) {
  const { t, i18n } = useLingui();
  const { context, busy, formProps, field } = useMachineForm<
    'email' | 'password' | 'passwordRepeat',
    typeof signup
  >(signup, (snapshot) => snapshot.matches('submitting'));
  return (
    <GuestLayout>
      <h1>
        <Trans>Sign Up</Trans>
      </h1>
      <Notice>{formErrorText(i18n, context.formError, signInFailed)}</Notice>
      <form {...formProps}>
        <TextField
          {...field('email')}
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          inputMode="email"
          onBlur={() => signup.send({ type: 'FIELD.BLUR', field: 'email' })}
        />
        <PasswordField {...field('password')} label={t`Password`} autoComplete="new-password" />
        <PasswordField {...field('passwordRepeat')} label={t`Repeat password`} autoComplete="new-password" />
        <Button type="submit" busy={busy} className="btn--block">
          <Trans>Sign up</Trans>
        </Button>
      </form>
      <div className="card__links">
        <Link to="/">
          <Trans>I already have an account</Trans>
        </Link>
      </div>
    </GuestLayout>
  );
}
