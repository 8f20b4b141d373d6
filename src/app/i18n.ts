import type { Messages } from '@lingui/core';
import { i18n } from '@lingui/core';
import type { BrandConfig, Language } from '../../brands';
import { readStoredLanguage, storeLanguage } from '../platform/languageStorage';

/**
 * Interface language: the one the visitor chose (if the brand offers it), else the brand's default.
 * Only the active language's catalog is downloaded; switching loads the next one on demand.
 */
export function initialLanguage(brand: BrandConfig): Language {
  const stored = readStoredLanguage();
  return stored && brand.assets.supportedLanguage.includes(stored) ? stored : brand.assets.defaultLanguage;
}

type Catalog = () => Promise<{ messages: Messages }>;

/** What every page needs: the sign-in pages and what any page may show (errors, update, offline). */
const coreCatalogs: Record<Language, Catalog> = {
  en: () => import('../../locales/en/messages.po'),
  ru: () => import('../../locales/ru/messages.po'),
  es: () => import('../../locales/es/messages.po'),
};

/** Areas whose texts load with their screens (lingui.config.ts lists their folders). */
const areaCatalogs = {
  learning: {
    en: () => import('../../locales/en/learning.po'),
    ru: () => import('../../locales/ru/learning.po'),
    es: () => import('../../locales/es/learning.po'),
  },
  account: {
    en: () => import('../../locales/en/account.po'),
    ru: () => import('../../locales/ru/account.po'),
    es: () => import('../../locales/es/account.po'),
  },
  pages: {
    en: () => import('../../locales/en/pages.po'),
    ru: () => import('../../locales/ru/pages.po'),
    es: () => import('../../locales/es/pages.po'),
  },
  consent: {
    en: () => import('../../locales/en/consent.po'),
    ru: () => import('../../locales/ru/consent.po'),
    es: () => import('../../locales/es/consent.po'),
  },
  cookieSettings: {
    en: () => import('../../locales/en/cookie-settings.po'),
    ru: () => import('../../locales/ru/cookie-settings.po'),
    es: () => import('../../locales/es/cookie-settings.po'),
  },
} satisfies Record<string, Record<Language, Catalog>>;

export type CatalogArea = keyof typeof areaCatalogs;

const isLanguage = (locale: string): locale is Language => Object.hasOwn(coreCatalogs, locale);

/** Makes `messages` the language's texts: Lingui's activation replaces whatever was loaded for it. */
function activate(language: Language, messages: Messages): void {
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
}

export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await coreCatalogs[language]();
  activate(language, messages);
}

/**
 * Adds an area's texts in the active language to the loaded ones (Lingui merges them). A screen of
 * the area awaits this before it renders; the import is cached, so later calls cost nothing.
 */
export async function loadAreaCatalog(area: CatalogArea): Promise<void> {
  const locale = await activeLocale();
  if (!isLanguage(locale)) return;
  const { messages } = await areaCatalogs[area][locale]();
  i18n.load(locale, messages);
}

/** A lazy module of an area with its own catalog: it resolves once the area's texts are in too. */
export const withAreaCatalog =
  <T>(area: CatalogArea, importer: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([importer(), loadAreaCatalog(area)]).then(([module]) => module);

/**
 * The active language. A screen preloaded at start-up (openingPage.ts) asks before the first catalog
 * is active: it gets the language once that catalog is, since activating replaces what was loaded.
 */
function activeLocale(): Promise<string> {
  if (i18n.locale) return Promise.resolve(i18n.locale);
  return new Promise((resolve) => {
    const stop = i18n.on('change', () => {
      if (!i18n.locale) return;
      // Lingui walks its listeners while it emits: leaving the list now would skip the next one.
      queueMicrotask(stop);
      resolve(i18n.locale);
    });
  });
}

/**
 * Starts downloading every area's catalog in the language the app starts in, beside the core one,
 * for a page preloaded at start-up; loadAreaCatalog then finds the module already fetched.
 */
export function prefetchAreaCatalogs(language: Language): void {
  for (const catalogs of Object.values(areaCatalogs)) void catalogs[language]().catch(() => {});
}

/**
 * The visitor's choice: remembered, and sent with every following call (the client reads i18n.locale).
 * Every area's texts come along: which areas' screens are open is not tracked, and a switch is rare.
 */
export async function switchLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  const loads = [
    coreCatalogs[language],
    ...Object.values(areaCatalogs).map((catalogs) => catalogs[language]),
  ];
  const catalogs = await Promise.all(loads.map((load) => load()));
  // One activation with every text: areas loaded before it would be dropped by it, and areas
  // loaded after it would leave the open screens showing message ids in between.
  activate(language, Object.assign({}, ...catalogs.map(({ messages }) => messages)));
}

/** The active language, or undefined before the first catalog is active. */
export function currentLanguage(): string | undefined {
  return i18n.locale || undefined;
}

export { i18n };
