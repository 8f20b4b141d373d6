import * as v from 'valibot';
import { isEmailAddress } from '../../src/domain/email';
import { hasHiddenCharacters, withoutHiddenCharacters } from '../../src/domain/hiddenCharacters';
import { INSTAGRAM_EXAMPLE_NAME, NAME_MAX_LENGTH } from '../../src/domain/limits';
import { hasControlCharacters, isOneLine } from '../../src/domain/oneLine';
import { isPhone, normalizePhone, PHONE_INPUT_MAX_LENGTH } from '../../src/domain/phone';
import { birthdayProblem } from '../../src/domain/profileValidation';
import { ACTIVE_STATUS, REGISTRATION_STATUS } from '../../src/domain/registrationChat';
import { hasVisibleText } from '../../src/domain/text';
import { LANGUAGE_CODES, type MessageKey } from '../infra/i18n';

/**
 * Field schemas shared by the routes. Every message is a key of infra/i18n.ts, translated when
 * the answer is written; the texts of the app's own validation (shell spec section 5) are reused.
 * Lengths are characters (code points), as the messages say and as PostgreSQL's `char_length` counts
 * them; JSON Schema's minLength and maxLength count the same, so the OpenAPI document states them as
 * such (server/http/openapi.ts).
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text a PostgreSQL text column stores as given: no NUL (the column refuses it and the query would
 * fail) and no lone UTF-16 surrogate (a JSON `\ud800` escape has no UTF-8 form and would turn into a
 * replacement character).
 */
export const isStorable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** Tabs and line breaks: in text of one line they part words, so tidying turns them into a space. */
const LINE_BREAKS = /[\t\n\r\u2028\u2029]+/g;

/**
 * `text` tidied into what a one-line field takes, for text that is not a person's own input (the name
 * a social network gives): line breaks and tabs become spaces, and what `lineInput` refuses (NUL,
 * lone surrogates, controls, direction controls, hidden characters) is dropped. Trimming and length
 * are the field's.
 */
export function asLine(text: string): string {
  const kept = [...text.replace(LINE_BREAKS, ' ')].filter((char) => isStorable(char) && isOneLine(char));
  return withoutHiddenCharacters(kept.join(''));
}

/** Every text input. */
const textInput = () =>
  v.pipe(
    v.string('notText' satisfies MessageKey),
    v.check(isStorable, 'badCharacters' satisfies MessageKey),
    v.check((s) => !hasControlCharacters(s), 'controlCharacters' satisfies MessageKey),
  );

/**
 * A text input of one line (src/domain/oneLine.ts: the registration chat asks the same of a name),
 * without the format, unassigned and private-use characters of src/domain/hiddenCharacters.ts, with which it
 * could show as something else than what is stored (an emoji's joiners are kept). Text that shows
 * nothing at all is left to the field: a required one refuses it as missing, an optional one clears.
 */
const lineInput = () =>
  v.pipe(
    textInput(),
    v.check(isOneLine, 'controlCharacters' satisfies MessageKey),
    v.check((s) => !hasHiddenCharacters(s) || !hasVisibleText(s), 'hiddenCharacters' satisfies MessageKey),
  );

/**
 * Text that shows nothing (empty, or only invisible characters: src/domain/text.ts) clears an optional
 * field. A transform, so it comes last: the OpenAPI document reads a body's rules up to the first one.
 */
const blankToNull = v.transform((s: string) => (hasVisibleText(s) ? s : null));

export const emailField = v.pipe(
  textInput(),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('required' satisfies MessageKey),
  v.maxCodePoints(254, 'email' satisfies MessageKey),
  v.check(isEmailAddress, 'email' satisfies MessageKey),
  // RFC 5321: no mail server delivers to a longer local part, so an account on one could never get
  // its reset mail. Here and not in the app's rule, whose module the sign-in page carries: the app
  // shows this 422 under the field.
  v.check((address) => address.indexOf('@') <= 64, 'email' satisfies MessageKey),
);

/**
 * Passwords are taken as typed (no trimming), 8..128 characters, and not all blank: the app checks a
 * password as the same rule (src/domain/validation.ts) and keeps its sign-in button off for a blank
 * one, so an account with such a password could never sign in there.
 */
export const passwordField = v.pipe(
  textInput(),
  v.check(hasVisibleText, 'required' satisfies MessageKey),
  v.minCodePoints(8, 'passwordLength' satisfies MessageKey),
  v.maxCodePoints(128, 'passwordLength' satisfies MessageKey),
);

/** A password being checked against a stored hash: only presence and a sane size matter. */
export const givenPasswordField = v.pipe(
  textInput(),
  v.nonEmpty('required' satisfies MessageKey),
  v.maxCodePoints(1024, 'wrongCredentials' satisfies MessageKey),
);

export const appIdField = v.pipe(
  textInput(),
  v.trim(),
  v.nonEmpty('required' satisfies MessageKey),
  v.maxCodePoints(128, 'appId' satisfies MessageKey),
  v.regex(/^[\w.:-]+$/, 'appId' satisfies MessageKey),
);

/**
 * The path of an issue a form-wide check raises on one of the form's fields (`rawCheck`): the answer
 * lists it under that field with the field's own mistakes.
 */
export function fieldPath(form: Record<string, unknown>, key: string): [v.IssuePathItem] {
  return [{ type: 'object', origin: 'value', input: form, key, value: form[key] }];
}

/**
 * Two typings of one password: "ä" typed as one character or as "a" and a combining mark is the same
 * password (Unicode NFC), as server/infra/passwords.ts hashes it.
 */
const isSamePassword = (a: string, b: string): boolean => a.normalize('NFC') === b.normalize('NFC');

/**
 * Adds the "passwords match" rule (reported under `password_repeat`) to a password form; a form that
 * sets a new password says so (shell spec, section 5: "Новые пароли не совпадают"). It needs only the
 * two passwords to be text: a form with other mistakes reports this one with them.
 */
export function withMatchingRepeat<
  S extends v.GenericSchema<unknown, { password: string; password_repeat: string }>,
>(schema: S, message: 'passwordMismatch' | 'newPasswordMismatch' = 'passwordMismatch') {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<S>>(({ dataset, addIssue }) => {
      const form = passwordsToCompare(dataset);
      if (!form || isSamePassword(form.password, form.password_repeat)) return;
      addIssue({ message, path: fieldPath(form, 'password_repeat') });
    }),
  );
}

type PasswordPair = { password: string; password_repeat: string };

/**
 * The form's two passwords, when both are text. A form with a field of the wrong type (a number for
 * a name) is untyped as a whole, yet its passwords, read as far as they go, can still be compared.
 */
function passwordsToCompare(
  dataset: v.OutputDataset<PasswordPair, v.BaseIssue<unknown>>,
): PasswordPair | undefined {
  if (dataset.typed) return dataset.value;
  const form = dataset.value as Partial<Record<keyof PasswordPair, unknown>> | null;
  const comparable =
    typeof form === 'object' &&
    form !== null &&
    typeof form.password === 'string' &&
    typeof form.password_repeat === 'string';
  return comparable ? (form as PasswordPair) : undefined;
}

/** Text that shows nothing is missing, as empty text is; `nonEmpty` gives the document its minLength. */
const required = (input: v.GenericSchema<unknown, string>, max: number) =>
  v.pipe(
    input,
    v.trim(),
    v.nonEmpty('required' satisfies MessageKey),
    v.check(hasVisibleText, 'required' satisfies MessageKey),
    v.maxCodePoints(max, 'tooLong' satisfies MessageKey),
  );

const optional = (input: v.GenericSchema<unknown, string>, max: number) =>
  v.nullable(v.pipe(input, v.trim(), v.maxCodePoints(max, 'tooLong' satisfies MessageKey), blankToNull));

/** Required text that may have lines (a message), trimmed. */
export const requiredText = (max: number) => required(textInput(), max);

/** Optional text that may have lines (a comment): null or an empty string clears it. */
export const optionalText = (max: number) => optional(textInput(), max);

/** A required one-line text (a name, a code), trimmed. */
export const requiredLine = (max: number) => required(lineInput(), max);

/** An optional one-line profile text: null or an empty string clears it. */
export const optionalLine = (max: number) => optional(lineInput(), max);

/** A first or last name of the profile (POST /user). */
export const nameField = requiredLine(NAME_MAX_LENGTH);

/**
 * The app's own phone rule (src/domain/phone.ts: 7 to 15 digits, single separators, one bracketed
 * group), with its length told apart, stored without separators.
 */
export const phoneField = v.pipe(
  textInput(),
  v.trim(),
  v.nonEmpty('required' satisfies MessageKey),
  v.maxCodePoints(PHONE_INPUT_MAX_LENGTH, 'phoneTooLong' satisfies MessageKey),
  v.check(isPhone, 'phone' satisfies MessageKey),
  v.transform(normalizePhone),
);

export const birthdayField = v.nullable(
  v.pipe(
    textInput(),
    v.trim(),
    // The app's own rule (src/domain/profileValidation.ts), each problem with its message.
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || !hasVisibleText(dataset.value)) return;
      const problem = birthdayProblem(dataset.value, Date.now());
      if (problem) addIssue({ message: problem satisfies MessageKey });
    }),
    blankToNull,
  ),
);

/**
 * Instagram names as the app checks them (shell spec section 5), the example the form shows
 * (`INSTAGRAM_EXAMPLE_NAME`) included: a name left as the example is no name of the learner's.
 */
export const instagramField = v.nullable(
  v.pipe(
    textInput(),
    v.trim(),
    v.maxCodePoints(30, 'tooLong' satisfies MessageKey),
    v.check((s) => !s.startsWith('.'), 'instagramStartsWithPeriod' satisfies MessageKey),
    v.check((s) => !s.endsWith('.'), 'instagramEndsWithPeriod' satisfies MessageKey),
    v.check((s) => !s.includes('..'), 'instagramDoublePeriod' satisfies MessageKey),
    v.regex(/^[A-Za-z0-9_.]*$/, 'instagramCharacters' satisfies MessageKey),
    v.check((s) => s.toLowerCase() !== INSTAGRAM_EXAMPLE_NAME, 'instagramExample' satisfies MessageKey),
    blankToNull,
  ),
);

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone; text that shows nothing leaves the account without one (UTC). */
export const timezoneField = v.pipe(
  textInput(),
  v.trim(),
  v.maxCodePoints(64, 'timezone' satisfies MessageKey),
  v.check((s) => !hasVisibleText(s) || isTimeZone(s), 'timezone' satisfies MessageKey),
  blankToNull,
);

/**
 * The time zone as IANA spells it: the field takes any case Intl knows ("utc", "europe/london"), and
 * the account keeps Intl's spelling ("UTC", "Europe/London"). Only the case: Intl also swaps some
 * current names for older ones (Asia/Kolkata for Asia/Calcutta), and the learner's choice stays theirs.
 */
export function canonicalTimeZone(timeZone: string): string {
  const resolved = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
}

/** A time zone sent where a bad one is not worth a refusal: its IANA spelling, or null. */
export function timeZoneOrNull(value: string | undefined): string | null {
  const parsed = v.safeParse(timezoneField, value);
  return parsed.success && parsed.output !== null ? canonicalTimeZone(parsed.output) : null;
}

/** A user status the account may be given: active (10) or a registration chat step (20, 30, 40). */
export const statusField = v.picklist(
  [ACTIVE_STATUS, REGISTRATION_STATUS.password, REGISTRATION_STATUS.birthday, REGISTRATION_STATUS.photo],
  'status' satisfies MessageKey,
);

export const genderField = v.nullable(
  v.pipe(
    textInput(),
    v.check((s) => ['M', 'F'].includes(s) || !hasVisibleText(s), 'gender' satisfies MessageKey),
    blankToNull,
  ),
);

export const languageCodeField = v.picklist(
  Object.values(LANGUAGE_CODES),
  'languageCode' satisfies MessageKey,
);

export const flagField = v.picklist([0, 1], 'notFlag' satisfies MessageKey);

/** Query numbers arrive as text. */
export const positiveIntegerQuery = (max: number) =>
  v.pipe(
    textInput(),
    v.regex(/^-?\d+$/, 'notWholeNumber' satisfies MessageKey),
    v.transform(Number),
    v.minValue(1, 'notPositive' satisfies MessageKey),
    v.maxValue(max, 'tooLarge' satisfies MessageKey),
  );

/** The largest value of a PostgreSQL integer (int4) column: every id is one. */
export const MAX_INT4 = 2_147_483_647;

/** The digits of an id as its canonical text: 1 to 10 of them, the first not a zero. */
export const CANONICAL_ID = /^[1-9]\d{0,9}$/;

/**
 * A path id: a positive whole number an int4 id column can hold; anything else answers `message`
 * (some calls name the id in it, e.g. "courseId must be set").
 */
export const idParamWith = (message: MessageKey) =>
  v.pipe(
    // Digits only, without leading zeros: whatever else it holds (NUL included) is no id, and says
    // so; `01` would name the same resource as `1` under a second address.
    v.string(message),
    v.regex(CANONICAL_ID, message),
    v.transform(Number),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(MAX_INT4, message),
  );

/** A path id whose refusal is "Id must be set". */
export const idParam = idParamWith('idRequired');

/** An id sent in a JSON body: a number (not the text of a path id) an int4 id column can hold. */
export const bodyIdField = v.pipe(
  v.number('notWholeNumber' satisfies MessageKey),
  v.integer('notWholeNumber' satisfies MessageKey),
  v.minValue(1, 'notPositive' satisfies MessageKey),
  v.maxValue(MAX_INT4, 'tooLarge' satisfies MessageKey),
);

/** Text taken as given (no trimming), `min..max` characters. */
export const plainText = (min: number, max: number) =>
  v.pipe(
    textInput(),
    v.minCodePoints(min, 'required' satisfies MessageKey),
    // Required text that shows nothing (spaces, zero-width characters) is as missing as empty text.
    v.check((s) => min === 0 || hasVisibleText(s), 'required' satisfies MessageKey),
    v.maxCodePoints(max, 'tooLong' satisfies MessageKey),
  );

/** One line taken as given (no trimming), `min..max` characters. */
export const plainLine = (min: number, max: number) =>
  v.pipe(
    lineInput(),
    v.minCodePoints(min, 'required' satisfies MessageKey),
    v.maxCodePoints(max, 'tooLong' satisfies MessageKey),
  );
