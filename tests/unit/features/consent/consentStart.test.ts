// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient, RequestOptions } from '../../../../src/api/client';
import { readConsentStart } from '../../../../src/features/consent/consent.provide';
import { readConsent } from '../../../../src/platform/consentCookie';
import { CONSENT_COOKIE_NAME } from '../../../../src/platform/consentCookieName';
import { clearToken, storeToken } from '../../../../src/platform/tokenStorage';

const everything = { essential: true, analytics: true, marketing: true } as const;

/** A client whose calls wait until the test answers them, each answer by path. */
function pendingClient() {
  const calls: { path: string; token?: string; answer: (data: unknown) => void }[] = [];
  const api = {
    request: (_schema: unknown, path: string, options?: RequestOptions) =>
      new Promise((resolve) =>
        calls.push({ path, token: options?.token, answer: (data) => resolve({ data }) }),
      ),
  } as unknown as ApiClient;
  const answer = (path: string, data: unknown) => calls.find((call) => call.path === path)?.answer(data);
  return { api, calls, answer };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The start a page of the app carries where it will show the banner (server/static.ts). */
function pageStart(start: { session: boolean; stored: typeof everything | null }) {
  const element = document.createElement('script');
  element.id = 'consent-start';
  element.type = 'application/json';
  element.textContent = JSON.stringify({ isEnabled: true, ...start });
  document.head.append(element);
}

afterEach(() => {
  document.getElementById('consent-start')?.remove();
  clearToken();
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the code under test writes.
  document.cookie = `${CONSENT_COOKIE_NAME}=; Max-Age=0; Path=/`;
});

describe('the consent start read', () => {
  it("asks a signed-in learner's stored choice beside the brand's settings, with the stored token, and takes it in", async () => {
    storeToken('stored-token');
    const { api, calls, answer } = pendingClient();
    const start = readConsentStart(api);
    await settle();
    expect(calls.map((call) => [call.path, call.token])).toEqual([
      ['/cookie/get-policy', 'stored-token'],
      ['/cookie', undefined],
    ]);
    answer('/cookie/get-policy', everything);
    answer('/cookie', { isEnabled: true, items: [] });
    expect(await start).toEqual({ isEnabled: true, stored: everything });
    expect(readConsent()).toEqual(everything);
  });

  it('leaves the stored choice out of this browser where the brand does not ask', async () => {
    storeToken('stored-token');
    const { api, answer } = pendingClient();
    const start = readConsentStart(api);
    await settle();
    answer('/cookie/get-policy', everything);
    answer('/cookie', { isEnabled: false, items: [] });
    expect(await start).toEqual({ isEnabled: false, stored: null });
    expect(readConsent()).toBeNull();
  });

  it("asks a guest only the brand's settings", async () => {
    const { api, calls, answer } = pendingClient();
    const start = readConsentStart(api);
    await settle();
    expect(calls.map((call) => call.path)).toEqual(['/cookie']);
    answer('/cookie', { isEnabled: true, items: [] });
    expect(await start).toEqual({ isEnabled: true, stored: null });
  });

  it("takes a signed-in learner's stored choice from the page, without a call, and only once", async () => {
    storeToken('stored-token');
    pageStart({ session: true, stored: everything });
    const { api, calls, answer } = pendingClient();
    expect(await readConsentStart(api)).toEqual({ isEnabled: true, stored: everything });
    expect(calls).toEqual([]);
    expect(readConsent()).toEqual(everything);
    // The page's start is spent: a later read (after a sign-in as someone else, say) asks the server.
    // biome-ignore lint/suspicious/noDocumentCookie: the next read must find no choice here.
    document.cookie = `${CONSENT_COOKIE_NAME}=; Max-Age=0; Path=/`;
    const again = readConsentStart(api);
    await settle();
    expect(calls.map((call) => call.path)).toEqual(['/cookie/get-policy', '/cookie']);
    answer('/cookie/get-policy', null);
    answer('/cookie', { isEnabled: true });
    expect(await again).toEqual({ isEnabled: true, stored: null });
  });

  it("takes a guest's start from the page without a call", async () => {
    pageStart({ session: false, stored: null });
    const { api, calls } = pendingClient();
    expect(await readConsentStart(api)).toEqual({ isEnabled: true, stored: null });
    expect(calls).toEqual([]);
  });

  it("asks the server when the page's session is not this page's", async () => {
    // The page was made for a guest (no live session in its cookie), but a token is kept here.
    storeToken('stored-token');
    pageStart({ session: false, stored: null });
    const { api, calls, answer } = pendingClient();
    const start = readConsentStart(api);
    await settle();
    expect(calls.map((call) => call.path)).toEqual(['/cookie/get-policy', '/cookie']);
    answer('/cookie/get-policy', everything);
    answer('/cookie', { isEnabled: true });
    expect(await start).toEqual({ isEnabled: true, stored: everything });
  });
});
