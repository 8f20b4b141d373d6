import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from './context';

/** The Node request under a Hono context (`@hono/node-server` passes it as `env.incoming`). */
export const nodeRequest = (c: Context<AppEnv>): IncomingMessage | undefined =>
  (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

/**
 * The request's body, read from Node's request while nothing has started reading it there: asking
 * Hono for it first builds a whole web Request around it (an abort signal, a web stream over Node's),
 * which cost a small JSON call more CPU than the rest of reading and checking its body. A body
 * something has begun to read (a chunked body the limit collected and put back as a web Request, see
 * body-limit.ts) is read through Hono, which has it.
 */
export async function readRequestBody(c: Context<AppEnv>): Promise<Uint8Array> {
  const request = nodeRequest(c);
  if (!request || request.readableDidRead || request.readableFlowing !== null) {
    return new Uint8Array(await c.req.arrayBuffer());
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}
