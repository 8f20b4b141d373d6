import type { Context, MiddlewareHandler } from 'hono';
import type { MessageKey } from '../infra/i18n';
import type { AppEnv } from './context';
import { ApiError } from './errors';
import { bodyNotInvited } from './expect-continue';
import { nodeRequest } from './request-body';
import { sendError } from './respond';

/** The body limit of every API route; a route that takes uploads registers a higher one. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

export interface BodyLimitOptions {
  maxBytes: number;
  /** How much of an oversize body is read and thrown away so that the client can read the 413. */
  drainBytes?: number;
  /** How long the rest of an oversize body may take to arrive before the connection is cut. */
  drainMs?: number;
  /**
   * The route streams the body to disk and counts it itself (an upload): a chunked body is left to
   * it instead of being collected in memory here. A declared length is still checked first.
   */
  countedByRoute?: boolean;
  /** The 413's message when the generic "body too large" would not tell the user what to do. */
  refusal?: { key: MessageKey; params: Record<string, number> };
}

const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 10_000;

/** Requests a body limit already checked: the first limit that runs decides. */
const checked = new WeakSet<Context>();

/**
 * Refuses a body over `maxBytes` with a 413 that the client actually receives. A client that writes
 * its whole body before reading gets a reset instead of the answer when the server answers and
 * closes while the body is still arriving, so the rest of an oversize body is read and discarded
 * first (up to `drainBytes` or `drainMs`); past that the connection is cut. The 413 always closes the
 * connection: what is left of the body is not worth reading on the same connection.
 *
 * The first limit that runs on a request decides, so a route that takes uploads raises its limit by
 * registering `limitBody({ maxBytes })` for its path before the app-wide one.
 */
export function limitBody({
  maxBytes,
  drainBytes = DRAIN_BYTES,
  drainMs = DRAIN_MS,
  countedByRoute = false,
  refusal = { key: 'bodyTooLarge', params: { kib: Math.floor(maxBytes / 1024) } },
}: BodyLimitOptions): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context<AppEnv>) =>
    sendError(c, new ApiError(413, refusal.key, undefined, { Connection: 'close' }, refusal.params));

  return async (c, next) => {
    // Asking the request for its body builds a whole web Request, a cost every read would pay: a GET
    // or HEAD with neither a length nor a chunked encoding has no body to limit.
    const declared = declaredLength(c.req.raw.headers);
    const bodiless = (c.req.method === 'GET' || c.req.method === 'HEAD') && !declared;
    if (bodiless && !c.req.header('transfer-encoding')) return next();
    if (checked.has(c)) return next();
    checked.add(c);
    // Node's parser holds a body to its declared length, so a small declared body needs no counting
    // (nor the web Request that asking for the body builds: the route reads it from Node's request).
    if (declared !== undefined && declared <= maxBytes) return next();
    const body = c.req.raw.body;
    // A GET's or HEAD's web Request has no body to read, whatever its length says: refused unread.
    if (!body) return declared !== undefined && declared > maxBytes ? tooLarge(c) : next();
    // Past the drain size, or held back by its client (expect-continue.ts): refused unread.
    const request = nodeRequest(c);
    const heldBack = request !== undefined && bodyNotInvited(request);
    if (declared !== undefined && (declared > drainBytes || heldBack)) return tooLarge(c);
    if (declared === undefined && countedByRoute) return next();

    const reader = body.getReader();
    if (declared !== undefined) {
      await discard(reader, 0, drainBytes, drainMs);
      return tooLarge(c);
    }
    // A chunked body is counted as it arrives and kept for the route when it fits.
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        await discard(reader, size, drainBytes, drainMs);
        return tooLarge(c);
      }
      chunks.push(chunk.value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}

/**
 * An answer given before the body was read (a refusal by the session check or by a route's first
 * look) leaves the rest of the body on the connection. Left there, the server cut the connection
 * after the answer, under a client that had already sent its next request on it (it saw a
 * keep-alive answer): that request failed with "other side closed". The rest is read and dropped
 * here (within the same limits as an oversize body's); a body that still has not arrived by then
 * closes the connection, and the answer says so, so the client does not send on it again.
 */
export function drainUnreadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const request = nodeRequest(c);
    if (!request || request.complete) return;
    // A body its client holds back would only be waited for: the connection closes instead.
    const body = bodyNotInvited(request) ? null : c.req.raw.body;
    if (body && !body.locked) await discard(body.getReader(), 0, DRAIN_BYTES, DRAIN_MS);
    if (request.complete) return;
    const headers = new Headers(c.res.headers);
    headers.set('Connection', 'close');
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  };
}

function declaredLength(headers: Headers): number | undefined {
  const value = headers.get('content-length');
  return value === null || headers.has('transfer-encoding') ? undefined : Number(value);
}

/** Reads and drops the rest of a body until it ends, passes `drainBytes` in all, or `drainMs` runs out. */
async function discard(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  alreadyRead: number,
  drainBytes: number,
  drainMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), drainMs);
  });
  try {
    let size = alreadyRead;
    for (;;) {
      const chunk = await Promise.race([reader.read(), late]);
      if (chunk === 'late' || chunk.done) return;
      size += chunk.value.byteLength;
      if (size > drainBytes) return;
    }
  } finally {
    clearTimeout(timer);
  }
}
