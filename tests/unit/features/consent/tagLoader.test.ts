// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { brightpath } from '../../../../brands/brightpath';
import { ALL_COOKIES_POLICY, type CookiePolicy, DEFAULT_COOKIE_POLICY } from '../../../../src/domain/consent';
import { loadBrandTags } from '../../../../src/features/consent/tagLoader';
import { CONSENT_CHANGE_EVENT } from '../../../../src/platform/consentCookie';

const brand = { ...brightpath, gtm: 'GTM-TEST1', fbq: '1234567890' };
const tagScripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script[id^="brand-tag-"]')].map((script) => ({
    id: script.id,
    src: script.getAttribute('src'),
    nonce: script.nonce || script.getAttribute('nonce'),
  }));

afterEach(() => {
  document.head.innerHTML = '';
});

describe("the brand's tags", () => {
  it('injects nothing before consent, then each tag once its category is allowed, with the page nonce', () => {
    const style = document.createElement('style');
    style.setAttribute('nonce', 'page-nonce');
    document.head.append(style);
    let policy: CookiePolicy = DEFAULT_COOKIE_POLICY;
    loadBrandTags(
      () => brand,
      () => policy,
    );
    expect(tagScripts()).toEqual([]);

    policy = { essential: true, analytics: true, marketing: false };
    window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT));
    expect(tagScripts()).toEqual([
      {
        id: 'brand-tag-gtm',
        src: 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST1',
        nonce: 'page-nonce',
      },
    ]);

    policy = ALL_COOKIES_POLICY;
    window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT));
    window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT));
    expect(tagScripts().map((script) => script.id)).toEqual(['brand-tag-gtm', 'brand-tag-fbq']);
    expect(tagScripts()[1]?.src).toBe('https://connect.facebook.net/en_US/fbevents.js');
  });
});
