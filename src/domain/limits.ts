/** Limits and timings from the specification, shared by the machines, the domain rules and the UI. */

/** Password length bounds (docs/API.md: password 8..128). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Support message at most 500 characters (shell spec, section 9). */
export const SUPPORT_MESSAGE_MAX_LENGTH = 500;

/** Instagram user names are at most 30 characters (shell spec, section 5). */
export const INSTAGRAM_MAX_LENGTH = 30;
/** The example name shown as the Instagram placeholder; entering it verbatim is an error. */
export const INSTAGRAM_EXAMPLE_NAME = 'your.username';

/** Date format of the birthday field (shell spec, section 9). */
export const BIRTHDAY_FORMAT = 'DD.MM.YYYY';

/** A phone number has between 7 and 15 digits (E.164), separators aside. */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/** How long sign-in stays blocked after a 429 that carries no Retry-After header. */
export const SIGN_IN_RETRY_FALLBACK_SECONDS = 60;
