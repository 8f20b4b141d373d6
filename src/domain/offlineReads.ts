import { LANGUAGES } from '../../brands/schema';

/**
 * Which API answers are kept for reading offline (shell spec, section 7: "responses are cached and
 * offline reads come from the cache (expiry 86400 s)"): the reads the app needs to show the user,
 * the start lists, the courses, the calendar and the days, the account pages' lists. A GET that changes state (a freeze's
 * cancel link, a payment return) is never among them, so a kept answer can never stand in for it.
 */
const READABLE_PATHS: readonly RegExp[] = [
  /^\/external-application-config$/,
  /^\/user$/,
  /^\/user-score(\/amount)?$/,
  /^\/user-course-streams$/,
  /^\/user-course-streams\/\d+(\/status)?$/,
  /^\/user-course-streams\/\d+\/user-day-status\/\d+\/progress$/,
  /^\/courses(\/versions)?$/,
  /^\/courses\/\d+$/,
  /^\/courses\/\d+\/stages$/,
  /^\/courses\/\d+\/days$/,
  /^\/courses\/\d+\/stages\/\d+\/days(\/\d+)?$/,
  /^\/payment-subscription$/,
  /^\/installment$/,
  /^\/banners$/,
  /^\/community$/,
  /^\/user-community$/,
  // The account pages a learner opens offline too: reminders, support topics, linked networks.
  /^\/schedule$/,
  /^\/support-category$/,
  /^\/user-external-auth$/,
];

const API_PREFIXES = ['/spa/api/v1', '/spa/v2'] as const;

/** The reads the app makes before anyone signs in (the config), in each interface language. */
export const startReads = (origin: string): string[] =>
  LANGUAGES.map((language) => `${origin}/spa/api/v1/external-application-config?lang=${language}`);

/** The reads the app cannot start without: the config and the signed-in user. */
const START_PATHS: readonly RegExp[] = [/^\/external-application-config$/, /^\/user$/];

/** The call's path after the API's base, or null for a URL outside the API. */
function apiPath(url: URL): string | null {
  const prefix = API_PREFIXES.find((base) => url.pathname.startsWith(`${base}/`));
  return prefix ? url.pathname.slice(prefix.length) : null;
}

const matchesAny = (url: URL, patterns: readonly RegExp[]) => {
  const path = apiPath(url);
  return path !== null && patterns.some((pattern) => pattern.test(path));
};

export const isOfflineReadable = (url: URL): boolean => matchesAny(url, READABLE_PATHS);

/** A read the app needs to start at all, whose latest answer is kept past the expiry (src/sw/apiCache.ts). */
export const isStartRead = (url: URL): boolean => matchesAny(url, START_PATHS);
