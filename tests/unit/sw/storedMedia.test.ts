import { describe, expect, it } from 'vitest';
import { storedMediaAnswer } from '../../../src/sw/storedMedia';

const SIZE = 1000;
const ETAG = '"3e8-abc"';
const LAST_MODIFIED = 'Mon, 30 Nov 2026 00:00:00 GMT';
const bytes = Uint8Array.from({ length: SIZE }, (_, index) => index % 251);

/** A downloaded file as the cache keeps it: the server's whole answer with its validators. */
const stored = () =>
  new Response(bytes, {
    headers: { 'Content-Type': 'video/mp4', ETag: ETAG, 'Last-Modified': LAST_MODIFIED },
  });

const ask = (headers: Record<string, string>, method = 'GET') =>
  storedMediaAnswer(new Request('http://localhost/media/videos/2/video.mp4', { method, headers }), stored());

async function answerOf(response: Response) {
  return {
    status: response.status,
    range: response.headers.get('content-range'),
    length: response.headers.get('content-length'),
    body: [...new Uint8Array(await response.arrayBuffer())],
  };
}

describe('a downloaded file answered as the server answers it', () => {
  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=990-', 990, 999],
    ['bytes=-10', 990, 999],
    ['bytes=0-99999999', 0, 999],
    ['bytes=-99999999', 0, 999],
    ['bytes=999-999', 999, 999],
  ])('%s is the range %s-%s with 206', async (range, start, end) => {
    const answer = await answerOf(await ask({ Range: range }));
    expect(answer).toEqual({
      status: 206,
      range: `bytes ${start}-${end}/${SIZE}`,
      length: String(end - start + 1),
      body: [...bytes.slice(start, end + 1)],
    });
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('%s cannot be satisfied: 416', async (range) => {
    const answer = await answerOf(await ask({ Range: range }));
    expect(answer).toEqual({ status: 416, range: `bytes */${SIZE}`, length: null, body: [] });
  });

  it.each(['bytes=5-2', 'bytes=0-1,5-6', 'bytes=abc', 'items=0-1', 'bytes=-'])(
    '%s is ignored: the whole file',
    async (range) => {
      const answer = await answerOf(await ask({ Range: range }));
      expect(answer).toEqual({ status: 200, range: null, length: String(SIZE), body: [...bytes] });
    },
  );

  it('a range under an If-Range of this version holds; of another, the whole file comes', async () => {
    expect((await ask({ Range: 'bytes=0-9', 'If-Range': ETAG })).status).toBe(206);
    expect((await ask({ Range: 'bytes=0-9', 'If-Range': LAST_MODIFIED })).status).toBe(206);
    expect((await ask({ Range: 'bytes=0-9', 'If-Range': '"other"' })).status).toBe(200);
  });

  it('HEAD gets the headers without a body', async () => {
    const whole = await ask({}, 'HEAD');
    expect(await answerOf(whole)).toEqual({ status: 200, range: null, length: String(SIZE), body: [] });
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const part = await ask({ Range: 'bytes=10-19' }, 'HEAD');
    expect(await answerOf(part)).toEqual({
      status: 206,
      range: `bytes 10-19/${SIZE}`,
      length: '10',
      body: [],
    });
  });

  it('a GET without a range is the stored answer itself', async () => {
    const answer = await answerOf(await ask({}));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([...bytes]);
  });
});
