import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '../brands/schema';
import { ConsentBannerMarkup, type ConsentBannerTexts } from '../src/features/consent/ConsentBannerMarkup';
import { PAGE_BANNER_HOST_ID } from '../src/features/consent/pageBannerHost';
import { readPoCatalog } from './infra/po-catalog';

/**
 * The banner's texts by their source (English) text, as src/features/consent/ConsentBanner.tsx
 * writes them: the consent catalog (`locales/<language>/consent.po`) translates them by it.
 */
export const BANNER_SOURCE_TEXTS: ConsentBannerTexts = {
  title: 'We use cookies',
  text: 'Essential cookies keep the site working. With your agreement we also use analytics cookies to improve the site and marketing cookies to measure our advertising.',
  policy: 'Cookie policy',
  essentialOnly: 'Essential only',
  settings: 'Settings',
  agreeToAll: 'Agree to all',
};

const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

export const consentCatalogFile = (language: Language) => `${LOCALES_DIR}${language}/consent.po`;

function bannerTexts(language: Language): ConsentBannerTexts {
  const catalog = readPoCatalog(consentCatalogFile(language));
  const texts = { ...BANNER_SOURCE_TEXTS };
  for (const key of Object.keys(texts) as (keyof ConsentBannerTexts)[])
    texts[key] = catalog.get(texts[key]) ?? texts[key];
  return texts;
}

/**
 * The cookie banner as the page's HTML carries it: in the host the app's banner renders into
 * (ConsentBannerHost.tsx), so that it paints with the page's first frame, before any script has run
 * (on a first visit the banner is the largest thing the page paints), and the app's replaces it in
 * place. Made once per language and policy link: the texts are the build's.
 */
const made = new Map<string, string>();
export function consentBannerHtml(language: Language, cookiePolicyLink?: string): string {
  const key = `${language} ${cookiePolicyLink ?? ''}`;
  let html = made.get(key);
  if (html === undefined) {
    const banner = renderToStaticMarkup(
      <ConsentBannerMarkup
        titleId="consent-banner-title"
        texts={bannerTexts(language)}
        cookiePolicyLink={cookiePolicyLink}
      />,
    );
    html = `<div class="consent-host" id="${PAGE_BANNER_HOST_ID}" lang="${language}">${banner}</div>`;
    made.set(key, html);
  }
  return html;
}
