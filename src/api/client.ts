import * as v from 'valibot';
import { OFFLINE_ANSWER_HEADER } from '../domain/offlineAnswer';
import type { RequestError } from '../domain/requestError';

/**
 * The one HTTP client of the app (shell spec, section 7 "Conventions"). It adds the auth, language
 * and app headers, adds `lang` to GET and POST, unwraps the `{ success, data }` envelope through a
 * valibot schema, and turns every failure into a `RequestError` (status 0 = no answer at all).
 * `startApp` creates it once, connected to the session; every call in src/api takes it first.
 */

export type ApiBase = 'v1' | 'v2';
const BASES: Record<ApiBase, string> = { v1: '/spa/api/v1', v2: '/spa/v2' };

export type ApiClientContext = {
  /** The bearer token of the current session, if any. */
  token: () => string | null;
  /** The interface language (en, ru, es): sent as Accept-Language and `lang`. */
  language: () => string;
  /** The brand's app id, sent as X-App-Id. */
  appId: string;
  /** Where the server is; the page's own origin (relative URLs) when absent, as in the app. */
  origin?: string;
  /**
   * The global logout event: called on any 401 answer to a request that carried a token, with that
   * token (a call that left before a sign-in replaced it must not end the new session).
   */
  onUnauthorized: (token: string) => void;
  /**
   * Whether the server could be reached, after every call: an answer from the network says yes; no
   * answer at all, or one the service worker read from its offline cache, says no. The browser's own
   * online flag misses a server that is down or a network that leads nowhere.
   */
  onReachability?: (reachable: boolean) => void;
};

export type ApiClient = {
  /** Sends one call and returns its `data` (validated by `schema`) with the response headers. */
  request<S extends v.GenericSchema>(
    schema: S,
    path: string,
    options?: RequestOptions,
  ): Promise<{ data: v.InferOutput<S>; headers: Headers }>;
};

/**
 * What a call that cannot go through fetch needs (an upload that reports its progress goes through
 * XMLHttpRequest): its URL with `lang`, the same headers as every call, and what a 401 must do.
 */
export type PreparedCall = { url: string; headers: Record<string, string>; unauthorized: () => void };

/** The running app's client, which also knows whether calls are under way. */
export type TrackedApiClient = ApiClient & {
  prepare(path: string, method: Method): PreparedCall;
  /**
   * The headers a call sends now (the session's token, the language, the app): a read the page
   * repeats outside the client (through the service worker, to be kept) is asked as the client asked it.
   */
  headers(): Record<string, string>;
  /**
   * Resolves once no call is under way. Clearing what a session left (its kept answers) waits for it:
   * an answer landing after the clearing would be kept again.
   */
  settled(): Promise<void>;
};

export type Pagination = { currentPage: number; pageCount: number; perPage: number; totalCount: number };

export function readPagination(headers: Headers): Pagination | null {
  const read = (name: string) => Number.parseInt(headers.get(`x-pagination-${name}`) ?? '', 10);
  const page = {
    currentPage: read('current-page'),
    pageCount: read('page-count'),
    perPage: read('per-page'),
    totalCount: read('total-count'),
  };
  return Object.values(page).every(Number.isFinite) ? page : null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RequestOptions = {
  method?: Method;
  body?: Record<string, unknown>;
  query?: Record<string, string | number | undefined>;
  base?: ApiBase;
  /** A token to use instead of the session's (checking a token before it becomes the session's). */
  token?: string;
  /** A 401 here is expected (signing out with a token already revoked) and must not end the session. */
  expectUnauthorized?: boolean;
  /**
   * Client names of the server fields the camelCase rule would name wrongly (POST /user's `name` is
   * the client's `firstName`); see `toClientFieldName`.
   */
  fieldNames?: FieldNames;
  /** Extra headers of this call (an `Idempotency-Key` that makes a retried POST count once). */
  headers?: Readonly<Record<string, string>>;
};

/** Server field name → client field name, for the fields the generic rule gets wrong. */
export type FieldNames = Readonly<Record<string, string>>;

/**
 * The client's name for a server field in a 422 answer: the call's own mapping when it has one,
 * otherwise the camelCase form of the snake_case name (`password_repeat` → `passwordRepeat`).
 */
export function toClientFieldName(wireName: string, fieldNames: FieldNames = {}): string {
  const ownName = Object.hasOwn(fieldNames, wireName) ? fieldNames[wireName] : undefined;
  return ownName ?? wireName.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

const ErrorBodySchema = v.object({
  message: v.optional(v.string()),
  errors: v.optional(v.record(v.string(), v.union([v.array(v.string()), v.string()]))),
});

/** The path with its query, leaving out parameters without a value. */
function urlOf(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** The answer's JSON, or undefined when it has none (an empty body, an HTML error page of a proxy). */
async function jsonOf(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

/** The client of the running app: every call reads the session's token and language when it leaves. */
export function createApiClient(context: ApiClientContext): TrackedApiClient {
  let underWay = 0;
  let whenSettled: Array<() => void> = [];
  return {
    request: async (schema, path, options) => {
      underWay += 1;
      try {
        return await send(context, schema, path, options);
      } finally {
        underWay -= 1;
        if (underWay === 0) {
          for (const resolve of whenSettled) resolve();
          whenSettled = [];
        }
      }
    },
    settled: () =>
      underWay === 0 ? Promise.resolve() : new Promise<void>((resolve) => whenSettled.push(resolve)),
    prepare: (path, method) => {
      const { url, headers, token } = callOf(context, path, method, {});
      return { url, headers, unauthorized: () => token && context.onUnauthorized(token) };
    },
    headers: () => callOf(context, '', 'GET', {}).headers,
  };
}

/** The URL and headers of one call: the session's token (or the call's own), language and app. */
function callOf(context: ApiClientContext, path: string, method: Method, options: RequestOptions) {
  const token = options.token ?? context.token();
  const language = context.language();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language,
    'X-App-Type': 'web',
    'X-App-Id': context.appId,
    ...options.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const query = { ...options.query, ...(method === 'GET' || method === 'POST' ? { lang: language } : {}) };
  return {
    url: urlOf(`${context.origin ?? ''}${BASES[options.base ?? 'v1']}${path}`, query),
    headers,
    token,
  };
}

/**
 * How long a call waits for its whole answer. A network that takes the request and never answers
 * would otherwise leave its screen loading for ever; past this the call fails as one without a
 * network does (the screen offers to try again, offline marks show). Long enough for a slow line.
 */
const CALL_TIMEOUT_MS = 20_000;

async function send<S extends v.GenericSchema>(
  context: ApiClientContext,
  schema: S,
  path: string,
  options: RequestOptions = {},
): Promise<{ data: v.InferOutput<S>; headers: Headers }> {
  const method = options.method ?? 'GET';
  const { url, headers, token } = callOf(context, path, method, options);
  const body = method === 'DELETE' ? undefined : options.body;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let answer: unknown;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    answer = await jsonOf(response);
  } catch {
    context.onReachability?.(false);
    throw networkError();
  }
  context.onReachability?.(!response.headers.has(OFFLINE_ANSWER_HEADER));

  if (!response.ok) {
    if (response.status === 401 && token && !options.expectUnauthorized) context.onUnauthorized(token);
    throw requestErrorFromResponse(response.status, answer, response.headers, options.fieldNames);
  }
  const envelope = v.safeParse(v.object({ data: schema }), answer);
  if (!envelope.success) {
    // The server answered with a shape this app does not understand: treat it as a failed call.
    throw requestErrorFromResponse(response.status, undefined, response.headers);
  }
  return { data: envelope.output.data, headers: response.headers };
}

function networkError(): RequestError {
  return { status: 0, message: '', fieldErrors: {} };
}

/**
 * Builds the RequestError of a failed answer. Field errors are keyed by client field names; two
 * server fields that stand for one client field (sign-up's `username` and `email`) share its list.
 */
export function requestErrorFromResponse(
  status: number,
  body: unknown,
  headers: Headers,
  fieldNames: FieldNames = {},
): RequestError {
  const parsed = v.safeParse(ErrorBodySchema, body);
  const fieldErrors = new Map<string, string[]>();
  let message = '';
  if (parsed.success) {
    message = parsed.output.message ?? '';
    for (const [wireName, texts] of Object.entries(parsed.output.errors ?? {})) {
      const field = toClientFieldName(wireName, fieldNames);
      fieldErrors.set(field, [
        ...(fieldErrors.get(field) ?? []),
        ...(Array.isArray(texts) ? texts : [texts]),
      ]);
    }
  }
  const retryAfter = Number.parseInt(headers.get('retry-after') ?? '', 10);
  return {
    status,
    message,
    fieldErrors: Object.fromEntries(fieldErrors),
    ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
  };
}
