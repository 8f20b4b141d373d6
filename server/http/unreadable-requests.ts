import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Language } from '../../brands/index';
import { type MessageKey, translate } from '../infra/i18n';

/**
 * The request each connection is reading and the language it picked (request-context.ts): when
 * its body stops arriving, the 408 Node answers for it speaks the language its headers asked for.
 */
const requestsReading = new WeakMap<Duplex, { request: IncomingMessage; lang: Language }>();

export function rememberRequestLanguage(request: IncomingMessage, lang: Language): void {
  requestsReading.set(request.socket, { request, lang });
}

/** The language of the request still arriving on the connection; none once it arrived whole. */
function languageOf(socket: Duplex): Language {
  const reading = requestsReading.get(socket);
  return reading && !reading.request.complete ? reading.lang : 'en';
}

/** What a request refused before it could be read is answered with, by Node's parser error code. */
function refusalOf(code: string | undefined): { status: number; reason: string; key: MessageKey } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, reason: 'Request Header Fields Too Large', key: 'headersTooLarge' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, reason: 'Request Timeout', key: 'requestTimeout' };
  return { status: 400, reason: 'Bad Request', key: 'unreadableRequest' };
}

/**
 * Answers the requests Node refuses before any route sees them (headers over its 16 KB, a malformed
 * request line or header, headers that never finished) with the API's error answer, a JSON message,
 * instead of Node's bare status line. Nothing of such a request could be read, neither its brand nor
 * its language, so the message is in English. A request whose headers came but whose body did not
 * arrive whole in time gets its 408 in the language it asked for. A client already gone gets nothing.
 */
export function answerUnreadableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, reason, key } = refusalOf(error.code);
    const body = JSON.stringify({ success: false, message: translate(languageOf(socket), key) });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        // As every other refusal: nothing in between may keep it.
        'Cache-Control: no-store\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
