import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { translate } from '../infra/i18n';
import type { AppEnv } from './context';
import type { ApiError } from './errors';
import { positiveIntegerQuery } from './fields';

/**
 * A JSON answer with its length: compression leaves answers under 1 KiB alone only when it knows
 * their length, and gzipping a tiny answer through a stream costs more than it saves.
 */
export function sendJson(
  c: Context<AppEnv>,
  value: unknown,
  status: ContentfulStatusCode,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(value);
  return c.body(text, status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  });
}

export function sendData(c: Context<AppEnv>, data: unknown, status: ContentfulStatusCode = 200) {
  return sendJson(c, { success: true, data }, status);
}

export function sendError(c: Context<AppEnv>, error: ApiError) {
  // An error before the request context ran (it never should) still gets an English answer.
  const lang = c.get('lang') ?? 'en';
  const errors = error.fieldErrors
    ? Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, list]) => [
          field,
          list.map((m) => translate(lang, m.key, m.params)),
        ]),
      )
    : undefined;
  return sendJson(
    c,
    {
      success: false,
      message: translate(lang, error.messageKey, error.params),
      ...(errors ? { errors } : {}),
    },
    error.status,
    {
      // A refusal is of this request only: no cache keeps it (the media routes' answers included,
      // which the API's own no-store does not cover).
      'Cache-Control': 'no-store',
      // RFC 9110 §11.6.1: a 401 names the scheme that would let the request through.
      ...(error.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}),
      ...error.headers,
    },
  );
}

/** `page` and `per-page` of a list call (20 per page unless asked otherwise, at most 100). */
export const PagingQuery = v.object({
  page: v.optional(positiveIntegerQuery(1_000_000), '1'),
  'per-page': v.optional(positiveIntegerQuery(100), '20'),
});
export type Paging = v.InferOutput<typeof PagingQuery>;

/** A list answer with the `x-pagination-*` headers the app reads. */
export function sendPage(c: Context<AppEnv>, paging: Paging, total: number, rows: unknown[]) {
  c.header('x-pagination-current-page', String(paging.page));
  c.header('x-pagination-page-count', String(Math.ceil(total / paging['per-page'])));
  c.header('x-pagination-per-page', String(paging['per-page']));
  c.header('x-pagination-total-count', String(total));
  return sendData(c, rows);
}
