import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { signupMachine } from '../../../machines/signup.machine';
import { signupProvision } from '../../app/actors';
import { useBrand } from '../../app/hooks';
import { guessTimezone } from '../../platform/timezone';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { useMachineForm } from '../../ui/useMachineForm';
import { formErrorText, signInFailed } from './formText';
import { GuestLayout } from './GuestLayout';

const machine = signupMachine.provide(signupProvision);

/** Sign-up by e-mail (only where the brand has registration on; otherwise back to sign-in). */
export function SignupScreen() {
  const brand = useBrand();
  if (!brand.flags.isRegistrationEnable) return <Navigate to="/" replace />;
  return <SignupForm />;
}

function SignupForm() {
  const { t, i18n } = useLingui();
  const signup = useActorRef(machine, { input: { timezone: guessTimezone() } });
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
