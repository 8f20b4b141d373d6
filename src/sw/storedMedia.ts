import { rangeStillApplies, requestedRange } from '../domain/byteRanges';

/**
 * A downloaded file answered as the server answers the same request (wire contract, "Media"): one
 * byte range as 206 (an end past the file clamped), 416 for a range that starts at or past the end,
 * the whole file for a header the server ignores (several ranges, another unit, a malformed or
 * reversed one) or an If-Range that names another version, and HEAD without a body. The player
 * only ever asks `bytes=N-`, but any client of the page gets the server's answers.
 */
export async function storedMediaAnswer(request: Request, stored: Response): Promise<Response> {
  const isHead = request.method === 'HEAD';
  const rangeHeader = request.headers.get('range');
  if (!rangeHeader && !isHead) return stored;
  const body = await stored.blob();
  const size = body.size;
  const headers = new Headers(stored.headers);
  headers.set('Accept-Ranges', 'bytes');
  const applies = rangeStillApplies(request.headers.get('if-range'), {
    etag: headers.get('etag'),
    lastModified: headers.get('last-modified'),
  });
  const range = applies ? requestedRange(rangeHeader, size) : undefined;
  if (range === 'unsatisfiable') {
    headers.delete('Content-Length');
    headers.set('Content-Range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set('Content-Length', String(end - start + 1));
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  const status = range ? 206 : 200;
  return new Response(isHead ? null : body.slice(start, end + 1), { status, headers });
}
