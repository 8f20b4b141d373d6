/** Limits and timings from the specification, shared by the machines, the domain rules and the UI. */

/** Password length bounds (docs/API.md: password 8..128). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A first or last name is at most 64 characters (the profile's limit, docs/API.md "POST /user"). */
export const NAME_MAX_LENGTH = 64;

/** Support message at most 500 characters (shell spec, section 9). */
export const SUPPORT_MESSAGE_MAX_LENGTH = 500;

/** Instagram user names are at most 30 characters (shell spec, section 5). */
export const INSTAGRAM_MAX_LENGTH = 30;
/** The example name shown as the Instagram placeholder; entering it verbatim is an error. */
export const INSTAGRAM_EXAMPLE_NAME = 'your.username';

/** A phone number has between 7 and 15 digits (E.164), separators aside. */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/** How long sign-in stays blocked after a 429 that carries no Retry-After header. */
export const SIGN_IN_RETRY_FALLBACK_SECONDS = 60;

/** One calendar day; day counts in the access text are whole days rounded up. */
export const DAY_MS = 86_400_000;

/** One hour: a wait of less than a day is counted in whole hours, rounded up (see countdown.ts). */
export const HOUR_MS = 3_600_000;

/** Stream progress is a percentage capped at 100 (content spec, section 9). */
export const PROGRESS_MAX = 100;

/** Stream statuses are cached for 5 minutes (content spec, section 9). */
export const STATUSES_CACHE_LIFETIME_MS = 300_000;

/** A statistic is sent once the viewed time reaches this; brands may set their own. */
export const MIN_SAVE_VIEWED_MS = 2_000;
/** The minimum viewed time once the video has ended; brands may set their own. */
export const MIN_SAVE_VIEWED_MS_VIDEO_ENDED = 30_000;

/** Video progress milestones (percent), each reported once, in the order the spec lists them. */
export const VIDEO_PROGRESS_MILESTONES = [75, 50, 25, 10] as const;

/** The points history comes in pages of 20 entries (shell spec, section 9). */
export const POINTS_HISTORY_PAGE_SIZE = 20;

/** Points can be spent once the balance reaches this, unless the brand sets its own (shell spec, section 9). */
export const DEFAULT_POINTS_TO_DEBIT = 200;
