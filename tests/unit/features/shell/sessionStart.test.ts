import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../../src/api/client';

const session = vi.hoisted(() => ({ token: 'learner-token' as string | null }));
vi.mock('../../../../src/platform/tokenStorage', () => ({ readToken: () => session.token }));
const readAhead = vi.hoisted(() => ({ readAheadOfPage: vi.fn() }));
vi.mock('../../../../src/features/learning/common/pageReadAhead.provide', () => readAhead);

const { readAheadOfPage } = await import('../../../../src/features/shell/sessionStart.provide');
const api = {} as ApiClient;
const base = import.meta.env.BASE_URL;
/** Lets the read-ahead's module load. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function openOn(path: string) {
  vi.stubGlobal('window', { location: { pathname: `${base}${path}` } });
}

beforeEach(() => {
  session.token = 'learner-token';
  readAhead.readAheadOfPage.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe("the session's start reads a stream's page ahead", () => {
  it('on a day of a stream, with the stored session', async () => {
    openOn('course/5/calendar/3');
    readAheadOfPage(api);
    await settle();
    expect(readAhead.readAheadOfPage).toHaveBeenCalledWith(api, 'learner-token', 5);
  });

  it.each(['course/5/materials', 'course/5/freeze', 'courses', ''])(
    'not on %s, whose code is not even loaded',
    async (path) => {
      openOn(path);
      readAheadOfPage(api);
      await settle();
      expect(readAhead.readAheadOfPage).not.toHaveBeenCalled();
    },
  );

  it('not without a stored session', async () => {
    session.token = null;
    openOn('course/5/calendar');
    readAheadOfPage(api);
    await settle();
    expect(readAhead.readAheadOfPage).not.toHaveBeenCalled();
  });
});
