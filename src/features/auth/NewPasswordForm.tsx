import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { passwordChangeMachine } from '../../../machines/auth/passwordChange.machine';
import type { passwordResetMachine } from '../../../machines/auth/passwordReset.machine';
import { Button } from '../../ui/Button';
import { formErrorText } from '../../ui/formText';
import { Notice } from '../../ui/Notice';
import { PasswordField } from '../../ui/PasswordField';
import { useMachineForm } from '../../ui/useMachineForm';

type NewPasswordActor =
  | ActorRefFrom<typeof passwordChangeMachine>
  | ActorRefFrom<typeof passwordResetMachine>;

/**
 * "New password" and "Repeat new password" with their heading and notice: the one form of the
 * mailed-link reset and the forced change, which differ only in the machine behind them.
 */
export function NewPasswordForm({ actor, heading }: { actor: NewPasswordActor; heading: ReactNode }) {
  const { t, i18n } = useLingui();
  const { context, busy, formProps, field } = useMachineForm<'password' | 'passwordRepeat', NewPasswordActor>(
    actor,
    (snapshot) => snapshot.matches('submitting'),
  );
  return (
    <>
      <h1>{heading}</h1>
      <Notice>{formErrorText(i18n, context.formError)}</Notice>
      <form {...formProps}>
        <PasswordField {...field('password')} label={t`New password`} autoComplete="new-password" />
        <PasswordField
          {...field('passwordRepeat')}
          label={t`Repeat new password`}
          autoComplete="new-password"
        />
        <Button type="submit" busy={busy} className="btn--block">
          <Trans>Save password</Trans>
        </Button>
      </form>
    </>
  );
}
