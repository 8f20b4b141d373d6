/**
 * What every rejected actor promise carries; the API client produces it.
 * `status` 0 means the request got no answer (network failure). `fieldErrors` is keyed by the
 * client's field names (camelCase, as the API converters name them: the profile's `firstName`, not
 * the server's `name`) and holds already translated messages.
 * `retryAfter` is in seconds (the Retry-After header of a 429).
 */
export type RequestError = {
  status: number;
  message: string;
  fieldErrors: Record<string, string[]>;
  retryAfter?: number;
};

export const HTTP_STATUS = { network: 0, unauthorized: 401, notFound: 404, tooManyRequests: 429 } as const;

export function isRequestError(error: unknown): error is RequestError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Record<string, unknown>;
  return (
    typeof candidate.status === 'number' &&
    typeof candidate.message === 'string' &&
    typeof candidate.fieldErrors === 'object' &&
    candidate.fieldErrors !== null
  );
}

/**
 * Machines receive `unknown` from a failed actor; anything that is not a RequestError (a bug or an
 * unexpected throw) is treated like a failed request without an answer, so the UI shows its generic text.
 */
export function toRequestError(error: unknown): RequestError {
  if (isRequestError(error)) return error;
  const message = error instanceof Error ? error.message : '';
  return { status: HTTP_STATUS.network, message, fieldErrors: {} };
}

export const isUnauthorized = (error: unknown): boolean =>
  toRequestError(error).status === HTTP_STATUS.unauthorized;

/** The server does not know the thing asked for (or it is not this learner's): asking again changes nothing. */
export const isNotFound = (error: unknown): boolean => toRequestError(error).status === HTTP_STATUS.notFound;

export const isTooManyRequests = (error: unknown): boolean =>
  toRequestError(error).status === HTTP_STATUS.tooManyRequests;
