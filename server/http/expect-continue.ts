import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Requests whose body was never asked for: the client holds it back, so there is none to read. */
const uninvited = new WeakSet<IncomingMessage>();

/**
 * A client that sends `Expect: 100-continue` holds its body back until the server asks for it with
 * a 100 Continue, which Node otherwise sends to every such request before any route has looked at
 * it. A declared length over what any route takes (`maxBodyBytes`) is not asked for: the body limit
 * answers its 413 at once, and not one byte of the body travels. Every other body is asked for and
 * read as usual.
 */
export function answerExpectContinue(server: Server, maxBodyBytes: number): void {
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (Number(request.headers['content-length']) > maxBodyBytes) uninvited.add(request);
    else response.writeContinue();
    server.emit('request', request, response);
  });
}

/** Whether the request's body was held back by its client (see `answerExpectContinue`). */
export const bodyNotInvited = (request: IncomingMessage): boolean => uninvited.has(request);
