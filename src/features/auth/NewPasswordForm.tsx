import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { userPasswordMachine } from '../../../machines/account/userPassword.machine';
import type { passwordChangeMachine } from '../../../machines/auth/passwordChange.machine';
import type { passwordResetMachine } from '../../../machines/auth/passwordReset.machine';
import { Button } from '../../ui/Button';
import { formErrorText } from '../../ui/formText';
import { Notice } from '../../ui/Notice';
import { PasswordField } from '../../ui/PasswordField';
import { useMachineForm } from '../../ui/useMachineForm';

type NewPasswordActor =
  | ActorRefFrom<typeof passwordChangeMachine>
  | ActorRefFrom<typeof passwordResetMachine>
  | ActorRefFrom<typeof userPasswordMachine>;

type NewPasswordFormProps =
  | { actor: Exclude<NewPasswordActor, ActorRefFrom<typeof userPasswordMachine>>; askCurrent?: false }
  | { actor: ActorRefFrom<typeof userPasswordMachine>; askCurrent: boolean };

/**
 * "New password" and "Repeat new password" with their heading and notice: the one form of the
 * mailed-link reset, the forced change and the voluntary change, which differ only in the machine
 * behind them; the voluntary change (`askCurrent`) asks for the current password first.
 */
export function NewPasswordForm({ heading, ...props }: NewPasswordFormProps & { heading: ReactNode }) {
  const { t, i18n } = useLingui();
  const { context, busy, formProps, field } = useMachineForm<
    'currentPassword' | 'password' | 'passwordRepeat',
    NewPasswordActor
  >(props.actor, (snapshot) => snapshot.matches('submitting'));
  return (
    <>
      <h1>{heading}</h1>
      <Notice>{formErrorText(i18n, context.formError)}</Notice>
      <form {...formProps}>
        {props.askCurrent && (
          <PasswordField
            {...field('currentPassword')}
            label={t`Current password`}
            autoComplete="current-password"
          />
        )}
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
