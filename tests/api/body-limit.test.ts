import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitBody } from '../../server/http/body-limit';
import type { AppEnv } from '../../server/http/context';
import { serverForFile } from './harness';

/**
 * An oversize body gets its 413 even from a client that writes the whole body before it reads the
 * answer; a body past what the server is willing to drain is cut with the connection closed.
 */

interface RawAnswer {
  status?: number;
  headers: string;
  body: string;
  /** Set when the connection was reset or the write failed. */
  error?: string;
  ms: number;
}

type BodyFraming = 'content-length' | 'chunked';

const MiB = 1024 * 1024;

/**
 * Writes a request and all of `bodyBytes` through a raw socket, and only then reads the answer until
 * the server closes the connection. `stopAfter` writes only that many bytes and waits.
 */
function rawPost(
  port: number,
  path: string,
  options: {
    bodyBytes: number;
    framing: BodyFraming;
    stopAfter?: number;
    closeAfter?: boolean;
    method?: 'POST' | 'GET';
  },
): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let error: string | undefined;
    const finish = () => {
      const [head = '', body = ''] = Buffer.concat(received).toString('utf8').split('\r\n\r\n', 2);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      resolve({
        status: Number.isNaN(status) ? undefined : status,
        headers: head,
        body: decodeChunked(head, body),
        error,
        ms: Date.now() - started,
      });
    };
    socket.on('error', (e) => {
      error = (e as NodeJS.ErrnoException).code ?? e.message;
    });
    socket.on('close', finish);
    socket.on('connect', async () => {
      const framing =
        options.framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.bodyBytes}`;
      // An answer that keeps the connection open is read to its end only when the client asks to close.
      const connection = options.closeAfter ? 'Connection: close\r\n' : '';
      const write = (data: string | Buffer) =>
        new Promise<void>((done, fail) => socket.write(data, (e) => (e ? fail(e) : done())));
      try {
        await write(
          `${options.method ?? 'POST'} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-App-Id: web\r\n${connection}${framing}\r\n\r\n`,
        );
        const piece = Buffer.alloc(256 * 1024, 'x');
        const toWrite = options.stopAfter ?? options.bodyBytes;
        for (let sent = 0; sent < toWrite; sent += piece.length) {
          const part = piece.subarray(0, Math.min(piece.length, toWrite - sent));
          await write(
            options.framing === 'chunked' ? Buffer.concat([chunkHeader(part.length), part, CRLF]) : part,
          );
        }
        if (options.framing === 'chunked' && options.stopAfter === undefined) await write('0\r\n\r\n');
      } catch {
        // The server cut the connection while the body was going out; 'error' has the reason.
      }
      // Only now does the client read what the server answered.
      socket.on('data', (data) => {
        received.push(data);
      });
    });
  });
}

const CRLF = Buffer.from('\r\n');
const chunkHeader = (length: number) => Buffer.from(`${length.toString(16)}\r\n`);

function decodeChunked(head: string, body: string): string {
  if (!/transfer-encoding: chunked/i.test(head)) return body;
  let out = '';
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

function expectTooLarge(answer: RawAnswer) {
  expect(answer.error, `socket error after ${answer.ms} ms`).toBeUndefined();
  expect(answer.status).toBe(413);
  expect(answer.headers).toMatch(/\r\nconnection: close\r\n/i);
  expect(JSON.parse(answer.body)).toEqual({
    success: false,
    message: 'The request body is too large (64 KiB at most).',
  });
}

describe('the server answers an oversize body with 413 every time', () => {
  const { server } = serverForFile();
  const port = () => Number(new URL(server.url).port);

  for (const framing of ['content-length', 'chunked'] as const) {
    it(`to a raw socket that writes 5 MB (${framing}) before reading, 10 times in 10`, async () => {
      for (let run = 0; run < 10; run += 1) {
        expectTooLarge(await rawPost(port(), '/spa/api/v1/auth/login', { bodyBytes: 5 * MiB, framing }));
      }
    });
  }

  it("to Node's fetch sending 5 MB, 10 times in 10", async () => {
    const body = JSON.stringify({ email: 'learner@example.com', password: 'x'.repeat(5 * MiB) });
    for (let run = 0; run < 10; run += 1) {
      const answer = await fetch(`${server.api}/user-course-streams/1`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Id': 'web' },
        body,
      });
      expect(answer.status).toBe(413);
      expect(await answer.json()).toEqual({
        success: false,
        message: 'The request body is too large (64 KiB at most).',
      });
    }
  });

  it('in the language of the request', async () => {
    const answer = await rawPost(port(), '/spa/api/v1/auth/login?lang=es', {
      bodyBytes: 100 * 1024,
      framing: 'chunked',
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe('La solicitud es demasiado grande (máximo 64 KiB).');
  });

  it('on a call that reads no body as well (a GET), unread', async () => {
    const answer = await rawPost(port(), '/spa/api/v1/cookie?lang=es', {
      method: 'GET',
      bodyBytes: 100 * 1024,
      framing: 'content-length',
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe('La solicitud es demasiado grande (máximo 64 KiB).');
  });

  it('still takes a body within the limit', async () => {
    const answer = await fetch(`${server.api}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Id': 'web' },
      body: JSON.stringify({ email: 'learner@example.com', password: 'x'.repeat(60 * 1024) }),
    });
    expect(answer.status).toBe(422);
  });

  it('reads a body sent in chunks within the limit as whole as one sent with its length', async () => {
    const json = JSON.stringify({ email: 'learner@example.com', password: 'not-the-password' });
    const login = (body: string | ReadableStream<Uint8Array>) =>
      fetch(`${server.api}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Id': 'web' },
        body,
        duplex: 'half',
      } as RequestInit);
    const inPieces = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(json);
        controller.enqueue(bytes.subarray(0, 10));
        controller.enqueue(bytes.subarray(10));
        controller.close();
      },
    });
    const withLength = await login(json);
    const chunked = await login(inPieces);
    expect(chunked.status).toBe(withLength.status);
    const answer = await chunked.json();
    expect(answer).toEqual(await withLength.json());
    // The credentials were read and checked: an unread body would have no fields at all.
    expect(answer.errors).toEqual({ password: ['Incorrect e-mail or password.'] });
  });

  for (const framing of ['content-length', 'chunked'] as const) {
    it(`cuts a body over 16 MB (${framing}) without hanging`, async () => {
      const answer = await rawPost(port(), '/spa/api/v1/auth/login', { bodyBytes: 20 * MiB, framing });
      // Either the write failed when the server closed, or the answer came and then the close.
      expect(answer.error !== undefined || answer.status === 413).toBe(true);
      expect(answer.ms).toBeLessThan(12_000);
    });
  }

  it('answers a body it refuses unread, and the connection serves the next request', async () => {
    // A photo-sized body the session check refuses before reading it, then a small request: fetch
    // sends the second on the kept-alive connection of the first.
    const photo = new Uint8Array(500_000).fill(7);
    for (let run = 0; run < 10; run += 1) {
      const refused = await fetch(`${server.api}/media/upload?lang=en`, {
        method: 'POST',
        headers: { Authorization: 'Bearer forged', 'Content-Type': 'image/png', 'X-App-Id': 'web' },
        body: photo,
      });
      expect(refused.status).toBe(401);
      await refused.arrayBuffer();
      const next = await fetch(`${server.api}/media/upload?lang=en`, {
        method: 'POST',
        headers: { Authorization: 'Bearer forged', 'Content-Type': 'application/json', 'X-App-Id': 'web' },
        body: '{}',
      });
      expect(next.status).toBe(401);
      await next.arrayBuffer();
    }
  });

  it('refuses at once a held-back body (Expect: 100-continue) longer than any route takes', async () => {
    const started = Date.now();
    const answer = await expectContinue(port(), '/spa/api/v1/save-lesson-stat?lang=ru', 100_000_000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(answer.firstLine).toBe('HTTP/1.1 413 Payload Too Large');
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.text).toContain('"message":"Слишком большой запрос (не больше 64 КиБ)."');
  });

  it('asks for a held-back body within the limits, then reads it', async () => {
    const body = JSON.stringify({ email: 'learner@example.com', password: 'wrong-password' });
    const answer = await expectContinue(
      port(),
      '/spa/api/v1/auth/login?lang=en',
      Buffer.byteLength(body),
      body,
    );
    expect(answer.firstLine).toBe('HTTP/1.1 100 Continue');
    expect(answer.text).toContain('HTTP/1.1 422 Unprocessable Entity');
    expect(answer.text).toContain('Incorrect e-mail or password.');
  });

  it('logged no server error', () => {
    expect(server.errors).toEqual([]);
  });
});

/**
 * A request with `Expect: 100-continue` that sends its body (`body`) only when the server asks for
 * it, as a client that honours the expectation does; everything answered until the connection closes.
 */
function expectContinue(
  port: number,
  path: string,
  length: number,
  body?: string,
): Promise<{ firstLine: string; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('error', reject);
    socket.on('data', (data) => {
      const asked = !text.includes('100 Continue');
      text += data.toString('utf8');
      if (asked && text.startsWith('HTTP/1.1 100 Continue\r\n\r\n') && body !== undefined) socket.write(body);
    });
    socket.on('close', () => resolve({ firstLine: text.slice(0, text.indexOf('\r\n')), text }));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-App-Id: web\r\n` +
        `Connection: close\r\nExpect: 100-continue\r\nContent-Length: ${length}\r\n\r\n`,
    );
  });
}

describe('limitBody', () => {
  // A small limit with a short drain, to see the edges without sending megabytes or waiting 10 s.
  const app = new Hono<AppEnv>()
    .use(limitBody({ maxBytes: 1024, drainBytes: 64 * 1024, drainMs: 300 }))
    .post('/echo', async (c) => c.json({ length: (await c.req.arrayBuffer()).byteLength }));
  const httpServer = createAdaptorServer({ fetch: app.fetch });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve()));
    port = (httpServer.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => httpServer.close(() => resolve())));

  it('hands a chunked body within the limit to the route whole', async () => {
    const answer = await rawPost(port, '/echo', { bodyBytes: 1000, framing: 'chunked', closeAfter: true });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ length: 1000 });
  });

  it('answers 413 after draining a body over the limit but within the drain size', async () => {
    for (const framing of ['content-length', 'chunked'] as const) {
      const answer = await rawPost(port, '/echo', { bodyBytes: 60 * 1024, framing });
      expect(answer.error).toBeUndefined();
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).message).toBe('The request body is too large (1 KiB at most).');
    }
  });

  it('answers and closes when the rest of the body does not arrive in time', async () => {
    const answer = await rawPost(port, '/echo', {
      bodyBytes: 60 * 1024,
      framing: 'content-length',
      stopAfter: 8 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.ms).toBeGreaterThanOrEqual(300);
    expect(answer.ms).toBeLessThan(2000);
  });

  it('cuts the connection past the drain size', async () => {
    const answer = await rawPost(port, '/echo', { bodyBytes: 4 * MiB, framing: 'chunked' });
    expect(answer.error !== undefined || answer.status === 413).toBe(true);
    expect(answer.ms).toBeLessThan(2000);
  });

  it('lets a route raise the limit by registering its own before the app-wide one', async () => {
    const raised = new Hono<AppEnv>()
      .use('/raised', limitBody({ maxBytes: 4096 }))
      .use(limitBody({ maxBytes: 1024 }))
      .post('/raised', async (c) => c.json({ length: (await c.req.arrayBuffer()).byteLength }));
    const post = (path: string) => raised.request(path, { method: 'POST', body: 'x'.repeat(2048) });
    const answer = await post('/raised');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ length: 2048 });
    expect((await post('/other')).status).toBe(413);
  });
});
