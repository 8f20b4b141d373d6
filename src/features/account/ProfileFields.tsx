import { useLingui } from '@lingui/react/macro';
import { INSTAGRAM_EXAMPLE_NAME } from '../../domain/limits';
import { TextField } from '../../ui/TextField';

type ProfileTextField = 'firstName' | 'lastName' | 'phone' | 'city' | 'birthday' | 'instagramId';
type FieldProps = {
  name: string;
  value: string;
  errors: string[];
  onValueChange: (value: string) => void;
};

/**
 * The profile's text fields with the spec's rules shown as hints, shared by the forced completion
 * (/updateProfile) and the profile page (/user/edit), which adds the time zone, gender and photo.
 */
export function ProfileFields({ field }: { field: (name: ProfileTextField) => FieldProps }) {
  const { t } = useLingui();
  return (
    <>
      <TextField {...field('firstName')} label={t`First name`} autoComplete="given-name" required />
      <TextField {...field('lastName')} label={t`Last name`} autoComplete="family-name" required />
      <TextField
        {...field('phone')}
        label={t`Phone`}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        hint={t`Digits with an optional +, e.g. +7 912 345-67-89`}
      />
      <TextField {...field('city')} label={t`City`} autoComplete="address-level2" />
      <TextField
        {...field('birthday')}
        label={t`Birthday`}
        inputMode="numeric"
        autoComplete="bday"
        placeholder={t`DD.MM.YYYY`}
        hint={t`Format: DD.MM.YYYY`}
      />
      <TextField
        {...field('instagramId')}
        label={t`Instagram`}
        autoCapitalize="none"
        placeholder={INSTAGRAM_EXAMPLE_NAME}
      />
    </>
  );
}
