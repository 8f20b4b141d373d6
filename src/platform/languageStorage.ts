import { LANGUAGES, type Language } from '../../brands/schema';
import { LANGUAGE_COOKIE_NAME } from './languageCookieName';
import { safeLocalStorage } from './tokenStorage';

/** The language the visitor chose, remembered across visits. */
const LANGUAGE_KEY = 'lp_language';

export function readStoredLanguage(): Language | null {
  const stored = safeLocalStorage()?.getItem(LANGUAGE_KEY);
  return LANGUAGES.find((language) => language === stored) ?? null;
}

/** A year, renewed at every start: the cookie lasts as long as the visitor keeps coming. */
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function storeLanguage(language: Language): void {
  safeLocalStorage()?.setItem(LANGUAGE_KEY, language);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads; the Cookie Store API is not in every browser yet.
  document.cookie = `${LANGUAGE_COOKIE_NAME}=${language}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
