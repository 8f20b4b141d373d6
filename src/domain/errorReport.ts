import { isChunkLoadError } from './chunkLoad';
import { HTTP_STATUS, isRequestError } from './requestError';

/**
 * Client error reporting (shell spec, section 8): what is worth sending to the platform's
 * POST /client-errors, in the form that call takes, and how a burst of one error is cut to one report.
 */

/** The body of POST /client-errors; the limits are the server's. */
export type ClientErrorReport = { name: string; message: string; stack?: string; href: string };

export const CLIENT_ERROR_LIMITS = { name: 200, message: 2000, stack: 8000, href: 2000 } as const;

/** The same error is reported once a minute at most. */
export const ERROR_REPEAT_WINDOW_MS = 60_000;

/** What browsers' fetch says when no answer came (Chromium, Firefox, Safari, React Native). */
const NETWORK_FAILURES = [
  'Failed to fetch',
  'NetworkError when attempting',
  'Load failed',
  'Network request failed',
];
/** The router's complaint about navigating to the page already shown. */
const REDUNDANT_NAVIGATION = ['NavigationDuplicated', 'Avoided redundant navigation'];

type ErrorLike = { name?: unknown; message?: unknown; stack?: unknown };
const field = (error: unknown, key: keyof ErrorLike): string => {
  if (typeof error !== 'object' || error === null) return '';
  const value = (error as ErrorLike)[key];
  return typeof value === 'string' ? value : '';
};

function isNetworkFailure(error: unknown): boolean {
  if (isRequestError(error)) return error.status === HTTP_STATUS.network;
  const message = field(error, 'message');
  return field(error, 'name') === 'TypeError' && NETWORK_FAILURES.some((text) => message.startsWith(text));
}

const isAbort = (error: unknown): boolean => field(error, 'name') === 'AbortError';

const isRedundantNavigation = (error: unknown): boolean =>
  REDUNDANT_NAVIGATION.some(
    (text) => field(error, 'name') === text || field(error, 'message').includes(text),
  );

/**
 * Network, abort, chunk-load and redundant-navigation errors are not reported (the spec), nor a 401:
 * it ends the session through the global logout and says nothing about a fault in the app.
 */
export function shouldReportError(error: unknown): boolean {
  if (error === null || error === undefined) return false;
  if (isRequestError(error) && error.status === HTTP_STATUS.unauthorized) return false;
  return !(
    isNetworkFailure(error) ||
    isAbort(error) ||
    isChunkLoadError(error) ||
    isRedundantNavigation(error)
  );
}

/** Control characters but tab and newline make the server refuse a report: they become spaces. */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n]/gu;
const clip = (text: string, limit: number) => text.replace(CONTROL_CHARACTERS, ' ').slice(0, limit);

/** Any thrown value in the form POST /client-errors takes, within its length limits. */
export function toClientErrorReport(error: unknown, href: string): ClientErrorReport {
  const name = (isRequestError(error) ? 'RequestError' : field(error, 'name')) || 'Error';
  const message = isRequestError(error)
    ? `Request failed with status ${error.status}${error.message ? `: ${error.message}` : ''}`
    : messageOf(error);
  const stack = field(error, 'stack');
  return {
    name: clip(name, CLIENT_ERROR_LIMITS.name),
    // The call needs a message; an error without one is known by its name.
    message: clip(message || name, CLIENT_ERROR_LIMITS.message),
    ...(stack ? { stack: clip(stack, CLIENT_ERROR_LIMITS.stack) } : {}),
    href: clip(href, CLIENT_ERROR_LIMITS.href),
  };
}

/** The message of an Error; a thrown string itself; anything else as JSON. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return field(error, 'message') || (JSON.stringify(error) ?? '');
  } catch {
    return '';
  }
}

/**
 * A filter that lets an error through once per window: a failure repeated in a loop (a render error,
 * a timer) reaches the server once a minute, not hundreds of times. `now` is a clock reading in ms.
 */
export function createRepeatFilter(windowMs: number = ERROR_REPEAT_WINDOW_MS) {
  const lastSent = new Map<string, number>();
  return (report: Pick<ClientErrorReport, 'name' | 'message'>, now: number): boolean => {
    for (const [key, at] of lastSent) if (now - at >= windowMs) lastSent.delete(key);
    const key = `${report.name}: ${report.message}`;
    if (lastSent.has(key)) return false;
    lastSent.set(key, now);
    return true;
  };
}

export type ErrorReporterPorts = {
  send: (report: ClientErrorReport) => Promise<void>;
  /** The page the error happened on. */
  href: () => string;
  /** A clock reading in ms. */
  now: () => number;
};

/**
 * The one way errors leave the app: ignored kinds stop here, a burst becomes one report, and a
 * report that cannot be sent is dropped (reporting it would only fail the same way).
 */
export function createErrorReporter({ send, href, now }: ErrorReporterPorts): (error: unknown) => void {
  const allow = createRepeatFilter();
  return (error) => {
    if (!shouldReportError(error)) return;
    const report = toClientErrorReport(error, href());
    if (allow(report, now())) send(report).catch(() => {});
  };
}
