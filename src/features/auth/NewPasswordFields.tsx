import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { PasswordField } from '../../ui/PasswordField';

type FieldProps = Omit<ComponentProps<typeof PasswordField>, 'label'>;

/** "New password" and "Repeat new password": the pair of the reset and the forced change. */
export function NewPasswordFields({
  password,
  passwordRepeat,
}: {
  password: FieldProps;
  passwordRepeat: FieldProps;
}) {
  const { t } = useLingui();
  return (
    <>
      <PasswordField {...password} label={t`New password`} autoComplete="new-password" />
      <PasswordField {...passwordRepeat} label={t`Repeat new password`} autoComplete="new-password" />
    </>
  );
}
