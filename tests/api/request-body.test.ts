import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { serverForFile } from './harness';
import { snapshot } from './table-snapshot';

/** How a JSON call's body is read: the codings the server refuses rather than misreads. */

const { server } = serverForFile();

const question = { email: 'coded@example.com', name: 'Coded', message: 'Is this read?' };
const json = JSON.stringify(question);

const send = (body: BodyInit, encoding: string, lang = 'en') =>
  fetch(`${server.api}/tech-questions/anonymous?lang=${lang}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding, 'X-App-Id': 'web' },
    body,
  });

describe('a JSON body with a Content-Encoding', () => {
  it('is refused with 415 whatever the coding, and nothing is stored', async () => {
    const before = await snapshot(server.db);
    const coded: [string, BodyInit][] = [
      ['gzip', gzipSync(json)],
      ['GZIP', gzipSync(json)],
      ['deflate', deflateSync(json)],
      ['br', brotliCompressSync(json)],
      // Text that happens to be JSON is not taken for decoded gzip either.
      ['gzip', json],
      ['identity, gzip', gzipSync(json)],
    ];
    for (const [encoding, body] of coded) {
      const answer = await send(body, encoding);
      expect(answer.status, encoding).toBe(415);
      expect(await answer.json(), encoding).toEqual({
        success: false,
        message: 'Send the request body uncompressed, without a Content-Encoding.',
      });
    }
    const russian = await send(gzipSync(json), 'gzip', 'ru');
    expect(russian.status).toBe(415);
    expect((await russian.json()).message).toBe(
      'Отправьте тело запроса без сжатия, без заголовка Content-Encoding.',
    );
    const spanish = await send(gzipSync(json), 'gzip', 'es');
    expect((await spanish.json()).message).toBe(
      'Envía el cuerpo de la solicitud sin comprimir, sin Content-Encoding.',
    );
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('is read as it is when the coding is identity', async () => {
    const answer = await send(json, 'identity');
    expect(answer.status).toBe(201);
  });
});

it('never answered with a 500', () => {
  expect(server.errors).toEqual([]);
});
