import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, readPagination, requestErrorFromResponse } from '../../../src/api/client';
import { toWireSupportQuestion } from '../../../src/api/support';
import { codeToLanguage, languageToCode } from '../../../src/api/wire';

/** Answers every call with `status` and `body`, and keeps what was sent. */
function answerWith(status: number, body: unknown) {
  const sent: { url: string; headers: Headers; method: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      sent.push({ url: String(input), headers: new Headers(init.headers), method: init.method });
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

/** A client whose session holds `token`, speaking Spanish for the brand `brand-app`. */
function clientWithSession(token: string | null) {
  const onUnauthorized = vi.fn();
  const api = createApiClient({
    token: () => token,
    language: () => 'es',
    appId: 'brand-app',
    onUnauthorized,
  });
  return { api, onUnauthorized };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client', () => {
  it("sends the session's token, the language and the app headers, and unwraps the envelope", async () => {
    const sent = answerWith(200, { success: true, data: { amount: 7 } });
    const { api } = clientWithSession('session-token');
    const { data } = await api.request(v.object({ amount: v.number() }), '/user-score/amount', {
      query: { page: 2 },
    });
    expect(data).toEqual({ amount: 7 });
    expect(sent).toHaveLength(1);
    const [call] = sent;
    expect(call?.url).toBe('/spa/api/v1/user-score/amount?page=2&lang=es');
    expect(call?.method).toBe('GET');
    expect(Object.fromEntries(call?.headers ?? [])).toMatchObject({
      accept: 'application/json',
      'accept-language': 'es',
      'x-app-type': 'web',
      'x-app-id': 'brand-app',
      authorization: 'Bearer session-token',
    });
  });

  it('adds lang to GET and POST only, and goes to the v2 base when asked', async () => {
    const sent = answerWith(200, { success: true, data: {} });
    const { api } = clientWithSession(null);
    await api.request(v.unknown(), '/user', { method: 'DELETE' });
    await api.request(v.unknown(), '/things', { method: 'POST', base: 'v2' });
    expect(sent.map((call) => call.url)).toEqual(['/spa/api/v1/user', '/spa/v2/things?lang=es']);
    expect(sent[0]?.headers.has('authorization')).toBe(false);
  });

  it('calls a server at another origin when given one', async () => {
    const sent = answerWith(200, { success: true, data: {} });
    const api = createApiClient({
      token: () => null,
      language: () => 'en',
      appId: 'web',
      onUnauthorized: () => {},
      origin: 'http://127.0.0.1:18180',
    });
    await api.request(v.unknown(), '/user');
    expect(sent[0]?.url).toBe('http://127.0.0.1:18180/spa/api/v1/user?lang=en');
  });

  it('tells whether the server was reached: an answer from the offline cache or none at all says no', async () => {
    const reached: boolean[] = [];
    const api = createApiClient({
      token: () => null,
      language: () => 'en',
      appId: 'web',
      onUnauthorized: () => {},
      onReachability: (reachable) => reached.push(reachable),
    });
    const answers = [
      () => new Response(JSON.stringify({ data: {} }), { headers: { 'X-Offline-Answer': '1' } }),
      () => new Response(JSON.stringify({ data: {} })),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (answers.shift() as () => Response)()),
    );
    await api.request(v.unknown(), '/user');
    await api.request(v.unknown(), '/user');
    await expect(api.request(v.unknown(), '/user')).rejects.toMatchObject({ status: 0 });
    expect(reached).toEqual([false, true, false]);
  });

  it('settles once no call is under way', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { api } = clientWithSession(null);
    await api.settled();
    const call = api.request(v.unknown(), '/user');
    let settled = false;
    const waiting = api.settled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    answer(new Response(JSON.stringify({ data: {} })));
    await call;
    await waiting;
    expect(settled).toBe(true);
  });

  it("prefers a call's own token to the session's", async () => {
    const sent = answerWith(200, { success: true, data: {} });
    const { api } = clientWithSession('session-token');
    await api.request(v.unknown(), '/user', { token: 'link-token' });
    expect(sent[0]?.headers.get('authorization')).toBe('Bearer link-token');
  });

  it('ends the session on a 401 to a call that carried a token', async () => {
    answerWith(401, { success: false, message: 'Your request was made with invalid credentials.' });
    const { api, onUnauthorized } = clientWithSession('session-token');
    await expect(api.request(v.unknown(), '/user')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('session-token');
  });

  it('leaves the session alone on a 401 it expects, or to a call without a token', async () => {
    answerWith(401, { success: false, message: 'Your request was made with invalid credentials.' });
    const signedIn = clientWithSession('session-token');
    await expect(
      signedIn.api.request(v.unknown(), '/auth/logout', { method: 'POST', expectUnauthorized: true }),
    ).rejects.toMatchObject({ status: 401 });
    const guest = clientWithSession(null);
    await expect(guest.api.request(v.unknown(), '/user')).rejects.toMatchObject({ status: 401 });
    expect(signedIn.onUnauthorized).not.toHaveBeenCalled();
    expect(guest.onUnauthorized).not.toHaveBeenCalled();
  });

  it('fails a call whose answer has a shape it does not know', async () => {
    answerWith(200, { success: true, data: { amount: 'seven' } });
    const { api } = clientWithSession(null);
    await expect(api.request(v.object({ amount: v.number() }), '/user-score/amount')).rejects.toEqual({
      status: 200,
      message: '',
      fieldErrors: {},
    });
  });

  it('gives status 0 when no answer came', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { api } = clientWithSession(null);
    await expect(api.request(v.unknown(), '/user')).rejects.toEqual({
      status: 0,
      message: '',
      fieldErrors: {},
    });
  });
});

describe('pagination headers', () => {
  it('reads the four x-pagination headers', () => {
    const headers = new Headers({
      'x-pagination-current-page': '2',
      'x-pagination-page-count': '5',
      'x-pagination-per-page': '20',
      'x-pagination-total-count': '93',
    });
    expect(readPagination(headers)).toEqual({ currentPage: 2, pageCount: 5, perPage: 20, totalCount: 93 });
  });

  it('gives null when the answer is not paged', () => {
    expect(readPagination(new Headers())).toBeNull();
  });
});

describe('request errors', () => {
  it('keeps the status, the server message, field errors as lists and Retry-After', () => {
    const body = {
      success: false,
      message: 'Too many attempts',
      errors: { email: 'Bad', password: ['A', 'B'] },
    };
    const error = requestErrorFromResponse(429, body, new Headers({ 'retry-after': '120' }));
    expect(error).toEqual({
      status: 429,
      message: 'Too many attempts',
      fieldErrors: { email: ['Bad'], password: ['A', 'B'] },
      retryAfter: 120,
    });
  });

  it('copes with a body that is not the error envelope', () => {
    expect(requestErrorFromResponse(502, '<html>', new Headers())).toEqual({
      status: 502,
      message: '',
      fieldErrors: {},
    });
  });
});

describe('wire helpers', () => {
  it('maps languages to server codes and back', () => {
    expect(['ru', 'en', 'es'].map((l) => languageToCode(l as 'ru'))).toEqual(['ru-RU', 'en-US', 'es-ES']);
    expect(codeToLanguage('es-ES')).toBe('es');
    expect(codeToLanguage('fr-FR')).toBeNull();
  });

  it('sends the support category only when given, in snake case', () => {
    const base = { name: 'Ann', email: 'a@b.co', message: 'Hi' };
    expect(toWireSupportQuestion(base)).toEqual(base);
    expect(toWireSupportQuestion({ ...base, supportCategoryId: 4 })).toEqual({
      ...base,
      support_category_id: 4,
    });
  });
});
