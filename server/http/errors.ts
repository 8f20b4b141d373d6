import type { MessageKey } from '../infra/i18n';

/** One field message, translated when the answer is written (so it follows the request's language). */
export interface FieldMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
}
export type FieldErrors = Record<string, FieldMessage[]>;

/**
 * A refusal with a status the client should see. Thrown from anywhere in a request; the app's
 * error handler writes it as `{ success: false, message, errors? }` in the request's language.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 412 | 413 | 415 | 416 | 422 | 429 | 500,
    readonly messageKey: MessageKey,
    readonly fieldErrors?: FieldErrors,
    readonly headers: Record<string, string> = {},
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}

/** 422 with one message under one field: the usual answer to a rejected form. */
export function fieldError(field: string, key: MessageKey): ApiError {
  return new ApiError(422, 'invalidFields', { [field]: [{ key }] });
}

/** 429 with Retry-After, saying in minutes when to try again. */
export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    'tooManyAttempts',
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
    { minutes: Math.ceil(retryAfterSeconds / 60) },
  );
}
