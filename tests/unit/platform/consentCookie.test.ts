// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_CHANGE_EVENT, onConsentChange, readConsent } from '../../../src/platform/consentCookie';
import { hasConsentCookie } from '../../../src/platform/consentCookieName';
import { writeConsent } from '../../../src/platform/writeConsentCookie';

const clear = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test removes the cookie the module writes.
  document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
};
afterEach(clear);

describe('the consent cookie', () => {
  it('is absent until a choice is written, then reads back as written and tells its listeners', () => {
    expect(hasConsentCookie()).toBe(false);
    expect(readConsent()).toBeNull();
    let told = 0;
    const stop = onConsentChange(() => {
      told += 1;
    });
    writeConsent({ essential: true, analytics: true, marketing: false });
    expect(hasConsentCookie()).toBe(true);
    expect(readConsent()).toEqual({ essential: true, analytics: true, marketing: false });
    expect(told).toBe(1);
    stop();
    window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT));
    expect(told).toBe(1);
  });

  it('reads an unknown version, essential off or a broken value as no choice', () => {
    for (const value of [
      { essential: true, analytics: true, marketing: true, v: 2 },
      { essential: false, analytics: true, marketing: true, v: 1 },
      { essential: true, analytics: 'yes', marketing: true, v: 1 },
    ]) {
      // biome-ignore lint/suspicious/noDocumentCookie: a hand-made cookie, as an old app or a person could leave.
      document.cookie = `cookie_consent=${encodeURIComponent(JSON.stringify(value))}; Path=/`;
      expect(readConsent(), JSON.stringify(value)).toBeNull();
    }
    // biome-ignore lint/suspicious/noDocumentCookie: not JSON at all.
    document.cookie = 'cookie_consent=%7Bnot-json; Path=/';
    expect(readConsent()).toBeNull();
  });
});
