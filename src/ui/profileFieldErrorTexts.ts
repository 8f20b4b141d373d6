import { msg } from '@lingui/core/macro';
import { FIELD_WORDING, type FieldWording } from './fieldErrorText';

/**
 * Texts of the profile's validation codes (profileValidation.ts). Only the profile's forms show them
 * (the profile and its completion page, the registration chat), so they are in the account pages'
 * catalog, which those forms load, rather than in the sign-in page's.
 */
export const PROFILE_FIELD_WORDING: FieldWording = {
  ...FIELD_WORDING,
  phone: msg`Wrong phone number format`,
  birthdayFormat: msg`Wrong format`,
  birthdayNonexistent: msg`This date does not exist`,
  birthdayRange: msg`Enter a date from 01.01.1900 to today`,
  instagramStartsWithPeriod: msg`You can't start your username with a period`,
  instagramEndsWithPeriod: msg`You can't end your username with a period`,
  instagramDoublePeriod: msg`You can't have more than one period in a row`,
  instagramCharacters: msg`English characters only`,
  instagramExample: msg`Username in Instagram matches the example`,
};
