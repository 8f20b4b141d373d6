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

afterEach(() => {
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
});
