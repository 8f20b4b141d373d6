import { INSTAGRAM_EXAMPLE_NAME, INSTAGRAM_MAX_LENGTH } from './limits';
import { isPhone } from './phone';
import { characterCount, hasVisibleText } from './text';
import type { FieldError } from './validation';

/** Profile field rules of shell spec section 5, in the codes of validation.ts. */

/** Optional; reports every broken Instagram rule at once so the user can fix them together. */
export function validateInstagram(value: string): FieldError[] {
  const name = value.trim();
  if (name === '') return [];
  const errors: FieldError[] = [];
  if (name.startsWith('.')) errors.push({ code: 'instagramStartsWithPeriod' });
  if (name.endsWith('.')) errors.push({ code: 'instagramEndsWithPeriod' });
  if (name.includes('..')) errors.push({ code: 'instagramDoublePeriod' });
  if (!/^[A-Za-z0-9_.]+$/.test(name)) errors.push({ code: 'instagramCharacters' });
  if (characterCount(name) > INSTAGRAM_MAX_LENGTH)
    errors.push({ code: 'maxLength', max: INSTAGRAM_MAX_LENGTH });
  if (name.toLowerCase() === INSTAGRAM_EXAMPLE_NAME) errors.push({ code: 'instagramExample' });
  return errors;
}

/** Required; the shared phone rule of src/domain/phone.ts (the server checks the same one). */
export function validatePhone(value: string): FieldError[] {
  const phone = value.trim();
  if (!hasVisibleText(phone)) return [{ code: 'required' }];
  return isPhone(phone) ? [] : [{ code: 'phone' }];
}

/** Birthdays before this year are typing mistakes, not learners. */
export const EARLIEST_BIRTH_YEAR = 1900;
/** Kiribati's Line Islands (UTC+14) start each date first: no learner's today is later than theirs. */
const EARLIEST_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;

export type BirthdayProblem = 'birthdayFormat' | 'birthdayNonexistent' | 'birthdayRange';

/**
 * What is wrong with a DD.MM.YYYY birthday, or null: the app and the server ask the same. A
 * well-formed but impossible date (31.02.2020) has its own message, and so has a date before 1900 or
 * after the date it is at UTC+14 (where each date begins first): one rule for the app and the server
 * whatever the learner's zone, with no more leeway than the zones on earth give.
 */
export function birthdayProblem(birthday: string, now: number): BirthdayProblem | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(birthday);
  if (!match) return 'birthdayFormat';
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists =
    year > 0 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day;
  if (!exists) return 'birthdayNonexistent';
  const latest = new Date(now + EARLIEST_ZONE_OFFSET_MS);
  const latestDay = Date.UTC(latest.getUTCFullYear(), latest.getUTCMonth(), latest.getUTCDate());
  if (year < EARLIEST_BIRTH_YEAR || date.getTime() > latestDay) return 'birthdayRange';
  return null;
}

/** Optional DD.MM.YYYY (birthdayProblem). */
export function validateBirthday(value: string, now = Date.now()): FieldError[] {
  const birthday = value.trim();
  if (birthday === '') return [];
  const problem = birthdayProblem(birthday, now);
  return problem ? [{ code: problem }] : [];
}
