import type { Context } from 'hono';
import * as v from 'valibot';
import { isMessageKey, type MessageKey } from '../infra/i18n';
import type { AppEnv } from './context';
import { ApiError, type FieldErrors } from './errors';
import { repeatedKeyFields } from './repeated-keys';
import { readRequestBody } from './request-body';
import { vanishingNumberFields } from './vanishing-numbers';

const JSON_CONTENT_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text; bytes that are not UTF-8 are refused rather than stored as replacement characters. */
async function readText(c: Context<AppEnv>): Promise<string> {
  try {
    return UTF8.decode(await readRequestBody(c));
  } catch {
    throw new ApiError(400, 'badEncoding');
  }
}

/**
 * The server decodes no Content-Encoding: a gzip (or any other coded) body read as it is would be
 * taken for text and refused as something it is not, or worse, read as what it happens to look like.
 * `identity` is the one coding that changes nothing. Unread, the body is dropped by drainUnreadBody.
 */
export function refuseCodedBody(c: Context<AppEnv>): void {
  const header = c.req.header('content-encoding');
  if (header === undefined) return;
  const codings = header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '');
  if (codings.some((coding) => coding !== 'identity')) throw new ApiError(415, 'contentEncoding');
}

/**
 * JSON is UTF-8 (RFC 8259 §8.1): a body declared in another charset would be read as what its bytes
 * happen to say in UTF-8, so it is refused as such before it is read.
 */
function refuseOtherCharset(c: Context<AppEnv>): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(c.req.header('content-type') ?? '')?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) throw new ApiError(415, 'unsupportedCharset');
}

/**
 * Keys given twice and numbers too small for a double: JSON.parse hides both (it keeps the last key,
 * reads the number as 0), so they are read from the text, every field that has one.
 */
function textFieldErrors(text: string, parsed: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of repeatedKeyFields(text, parsed)) errors[field] = [{ key: 'repeatedField' }];
  for (const field of vanishingNumberFields(text)) errors[field] ??= [{ key: 'numberTooSmall' }];
  return errors;
}

/**
 * Reads the body as a JSON object, with the field errors only its text shows; an empty body counts
 * as `{}` so that missing fields get 422.
 */
async function readJsonObject(
  c: Context<AppEnv>,
): Promise<{ value: Record<string, unknown>; textErrors: FieldErrors }> {
  refuseCodedBody(c);
  refuseOtherCharset(c);
  const text = await readText(c);
  if (text.trim() === '') return { value: {}, textErrors: {} };
  if (!JSON_CONTENT_TYPE.test(c.req.header('content-type') ?? '')) throw new ApiError(400, 'badContentType');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'badJson');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ApiError(400, 'notAnObject');
  return { value: parsed as Record<string, unknown>, textErrors: textFieldErrors(text, parsed) };
}

function issueMessage(issue: v.BaseIssue<unknown>): MessageKey {
  // valibot reports a missing key on the object itself, with the path origin "key".
  if (issue.path?.[0]?.origin === 'key') return 'required';
  return isMessageKey(issue.message) ? issue.message : 'notText';
}

/** The issues as field errors: each field's value keeps only the first rule it broke. */
function issueFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  const reported = new Set<string>();
  for (const issue of issues) {
    const at = v.getDotPath(issue) ?? '';
    if (reported.has(at)) continue;
    reported.add(at);
    const field = String(issue.path?.[0]?.key ?? 'body');
    const key = issueMessage(issue);
    const list = errors[field] ?? [];
    if (!list.some((m) => m.key === key)) {
      list.push(
        typeof issue.requirement === 'number' ? { key, params: { max: issue.requirement } } : { key },
      );
    }
    errors[field] = list;
  }
  return errors;
}

/**
 * Validates input against a schema whose messages are message keys; failures become 422 field errors,
 * together with `found` (errors already known of some fields: the first rule each of those broke).
 * Every pipe runs to its end, so that a form's own rules (two passwords that must match) are checked
 * even when another field failed and all its mistakes come in one answer; each value then keeps only
 * the first rule it broke, the one to fix first.
 */
export function check<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  found: FieldErrors = {},
): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success && Object.keys(found).length === 0) return result.output;
  const errors = result.success ? {} : issueFieldErrors(result.issues);
  throw new ApiError(422, 'invalidFields', { ...errors, ...found });
}

export async function readBody<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  schema: S,
): Promise<v.InferOutput<S>> {
  const { value, textErrors } = await readJsonObject(c);
  return check(schema, value, textErrors);
}

/** The parameters an object schema reads, kept per schema; undefined for any other (every parameter counts). */
const keysRead = new WeakMap<v.GenericSchema, ReadonlySet<string> | undefined>();
function readKeys(schema: v.GenericSchema): ReadonlySet<string> | undefined {
  if (!keysRead.has(schema)) {
    const { entries } = schema as { entries?: unknown };
    keysRead.set(
      schema,
      typeof entries === 'object' && entries !== null ? new Set(Object.keys(entries)) : undefined,
    );
  }
  return keysRead.get(schema);
}

export function readQuery<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S): v.InferOutput<S> {
  // `?page=1&page=2` names two values where the call reads one: which was meant is not ours to guess.
  // A parameter the call does not read is ignored, once or twice, as every other call ignores it.
  const read = readKeys(schema);
  const seen = new Set<string>();
  for (const key of new URL(c.req.url).searchParams.keys()) {
    if (read && !read.has(key)) continue;
    if (seen.has(key)) throw new ApiError(422, 'invalidFields', { [key]: [{ key: 'repeatedParameter' }] });
    seen.add(key);
  }
  return check(schema, c.req.query());
}

/** Path parameters (`:id` and kin) as Hono matched them: text, checked like any other input. */
export function readParams<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S): v.InferOutput<S> {
  return check(schema, c.req.param());
}
