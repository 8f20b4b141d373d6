/** When the app offers push notifications (shell spec, constants: "Push prompt delays: 1000 page views and 100000 ms"). */

/** The offer appears after this many page views… */
export const PUSH_PROMPT_PAGE_VIEWS = 1000;
/** …or this much time with the app in view, whichever comes first. */
export const PUSH_PROMPT_VISIBLE_MS = 100_000;
/** "Not now" holds for this long; then the offer may come again. */
export const PUSH_PROMPT_DECLINE_MS = 30 * 86_400_000;

/**
 * Whether a "Not now" given at `declinedAt` (ms) still holds at `now`. A moment after `now` (the
 * device's clock was set back) still counts as declined: asking again at once would ignore the answer.
 */
export const isDeclineFresh = (declinedAt: number | null, now: number): boolean =>
  declinedAt !== null && now - declinedAt < PUSH_PROMPT_DECLINE_MS;

/** Whether the usage so far has earned the offer. */
export const isPromptDue = (views: number, visibleMs: number): boolean =>
  views >= PUSH_PROMPT_PAGE_VIEWS || visibleMs >= PUSH_PROMPT_VISIBLE_MS;
