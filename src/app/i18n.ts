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

const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages.po'),
  ru: () => import('../../locales/ru/messages.po'),
  es: () => import('../../locales/es/messages.po'),
};

export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await catalogs[language]();
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
}

/** The visitor's choice: remembered, and sent with every following call (the client reads i18n.locale). */
export async function switchLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await activateLanguage(language);
}

/** The active language, or undefined before the first catalog is active. */
export function currentLanguage(): string | undefined {
  return i18n.locale || undefined;
}

export { i18n };
