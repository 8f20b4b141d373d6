import * as v from 'valibot';
import { type ApiClient, readPagination } from './client';

/** The most the server sends in one page; a learner has few streams, so one page nearly always holds them. */
const PAGE_SIZE = 100;

/**
 * Every page of a list call, in order: the first answer's `x-pagination-page-count` says how many
 * more to read.
 */
export async function fetchAllPages<S extends v.GenericSchema>(
  api: ApiClient,
  item: S,
  path: string,
  query: Record<string, string | number | undefined> = {},
): Promise<v.InferOutput<S>[]> {
  const list = v.array(item);
  const first = await api.request(list, path, { query: { ...query, page: 1, 'per-page': PAGE_SIZE } });
  const pageCount = readPagination(first.headers)?.pageCount ?? 1;
  const rest = await Promise.all(
    Array.from({ length: Math.max(pageCount - 1, 0) }, (_, index) =>
      api.request(list, path, { query: { ...query, page: index + 2, 'per-page': PAGE_SIZE } }),
    ),
  );
  return [first, ...rest].flatMap((page) => page.data);
}
