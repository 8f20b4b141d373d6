import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type MessageKey, translate } from '../infra/i18n';

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
 * instead of Node's bare status line. Nothing of the request could be read, neither its brand nor
 * its language, so the message is in English. A client already gone gets nothing.
 */
export function answerUnreadableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, reason, key } = refusalOf(error.code);
    const body = JSON.stringify({ success: false, message: translate('en', key) });
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
