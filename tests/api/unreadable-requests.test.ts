import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { serverForFile } from './harness';

/** Requests Node refuses before a route sees them still get the API's JSON error answer. */

// A request is given 1.5 s to arrive whole here, so that one that never does is answered soon.
const { server, api } = serverForFile({ requestTimeoutMs: 1500 });

/** Writes `request` as it is and reads everything the server sends until it closes the connection. */
function rawExchange(request: string): Promise<{ head: string; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = Buffer.concat(received).toString('utf8').split('\r\n\r\n', 2);
      resolve({ head, body });
    });
  });
}

describe('a request Node cannot read', () => {
  it('with headers or an address over 16 KB gets a 431 with a message naming both', async () => {
    for (const request of [
      `GET /spa/api/v1/user HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${'x'.repeat(20_000)}\r\n\r\n`,
      `GET /spa/api/v1/courses?expand=${'x'.repeat(70_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    ]) {
      const { head, body } = await rawExchange(request);
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
      expect(head).toMatch(/\r\ncache-control: no-store\r\n/i);
      expect(JSON.parse(body)).toEqual({
        success: false,
        message: 'The request’s address and headers are too large (16 KB at most together).',
      });
    }
  });

  it('that is not well-formed HTTP gets a 400 with a message', async () => {
    for (const request of [
      'GARBAGE\r\n\r\n',
      'GET /healthz HTTP/1.1\r\nHost: a\r\nBad\u0001Header: 1\r\n\r\n',
    ]) {
      const { head, body } = await rawExchange(request);
      expect(head, request).toMatch(/^HTTP\/1\.1 400 /);
      expect(head, request).toMatch(/\r\ncache-control: no-store\r\n/i);
      expect(JSON.parse(body), request).toEqual({
        success: false,
        message: 'The request could not be read: it is not well-formed HTTP.',
      });
    }
  });

  it('whose headers never finish gets a 408 in English (nothing tells its language)', async () => {
    const { head, body } = await rawExchange(
      'GET /spa/api/v1/courses?lang=ru HTTP/1.1\r\nHost: 127.0.0.1\r\n',
    );
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(body)).toEqual({ success: false, message: 'The request took too long to arrive.' });
  });

  it('whose body never arrives whole gets a 408 in the language its headers asked for', async () => {
    const token = (await api.signUp('unreadable-stalled')).token;
    for (const [query, message] of [
      ['lang=ru', 'Запрос шёл слишком долго.'],
      ['lang=es', 'La solicitud tardó demasiado en llegar.'],
    ]) {
      const { head, body } = await rawExchange(
        // The brand of this host offers all three languages.
        `POST /spa/api/v1/user-course-streams/1/filters?${query} HTTP/1.1\r\nHost: localhost\r\n` +
          `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n` +
          '{"filters":',
      );
      expect(head, query).toMatch(/^HTTP\/1\.1 408 /);
      expect(head, query).toMatch(/\r\nconnection: close$/im);
      expect(JSON.parse(body), query).toEqual({ success: false, message });
    }
  });

  it('leaves the server answering, with nothing logged as its failure', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.errors).toEqual([]);
  });
});
