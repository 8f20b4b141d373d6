import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import { fetchPointsPage, toPointsEntryFromWire, WireScoreSchema } from '../../../src/api/scores';

/** A client answering one page of entries with the given pagination headers, recording the query. */
function clientAnswering(data: unknown[], headers: Record<string, string>) {
  const queries: unknown[] = [];
  const api: ApiClient = {
    request: async (schema, _path, options) => {
      queries.push(options?.query);
      return { data: v.parse(schema, data), headers: new Headers(headers) };
    },
  };
  return { api, queries };
}

describe('points history from the wire', () => {
  it('turns a signed amount into its kind and absolute value, and seconds into ms', () => {
    expect(
      toPointsEntryFromWire(v.parse(WireScoreSchema, { id: 3, amount: -50, updated_at: 1_700_000_000 })),
    ).toEqual({ id: 3, kind: 'debit', amount: 50, updatedAt: 1_700_000_000_000 });
  });

  it('asks for 20 entries a page and reads the page count from the headers', async () => {
    const { api, queries } = clientAnswering([{ id: 1, amount: 150, updated_at: 10 }], {
      'x-pagination-current-page': '2',
      'x-pagination-page-count': '3',
      'x-pagination-per-page': '20',
      'x-pagination-total-count': '41',
    });
    const page = await fetchPointsPage(api, 2);
    expect(queries).toEqual([{ page: 2, 'per-page': 20 }]);
    expect(page).toEqual({
      entries: [{ id: 1, kind: 'topUp', amount: 150, updatedAt: 10_000 }],
      page: 2,
      pageCount: 3,
    });
  });

  it('takes a page without pagination headers as the last one', async () => {
    const { api } = clientAnswering([], {});
    expect(await fetchPointsPage(api, 1)).toEqual({ entries: [], page: 1, pageCount: 1 });
  });
});
