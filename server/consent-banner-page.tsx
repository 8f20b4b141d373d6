import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '../brands/schema';
import { BANNER_HOST } from '../src/features/consent/bannerHost';
import { ConsentBannerMarkup, type ConsentBannerTexts } from '../src/features/consent/ConsentBannerMarkup';
import { readPoCatalog } from './infra/po-catalog';

/**
 * The banner's texts by their source (English) text, as src/features/consent/ConsentBanner.tsx
 * writes them: the consent catalog (`locales/<language>/consent.po`) translates them by it.
 */
export const BANNER_SOURCE_TEXTS: ConsentBannerTexts = [
  'We use cookies',
  'Essential cookies keep the site working. With your agreement we also use analytics cookies to improve the site and marketing cookies to measure our advertising.',
  'Cookie policy',
  'Essential only',
  'Settings',
  'Agree to all',
];

const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

export const consentCatalogFile = (language: Language) => `${LOCALES_DIR}${language}/consent.po`;

function bannerTexts(language: Language): ConsentBannerTexts {
  const catalog = readPoCatalog(consentCatalogFile(language));
  return BANNER_SOURCE_TEXTS.map((source) => catalog.get(source) ?? source) as unknown as ConsentBannerTexts;
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
    // In its language, which may not be the page's: the app's banner, in the app's, drops it.
    const banner = renderToStaticMarkup(
      <ConsentBannerMarkup texts={bannerTexts(language)} cookiePolicyLink={cookiePolicyLink} />,
    ).replace(/^<section /, `<section lang="${language}" `);
    html = `<div class="${BANNER_HOST}" id="${BANNER_HOST}">${banner}</div>`;
    made.set(key, html);
  }
  return html;
}
