import { LANGUAGES, type Language } from '../../brands/schema';
import { safeLocalStorage } from './tokenStorage';

/** The language the visitor chose, remembered across visits. */
const LANGUAGE_KEY = 'lp_language';

export function readStoredLanguage(): Language | null {
  const stored = safeLocalStorage()?.getItem(LANGUAGE_KEY);
  return LANGUAGES.find((language) => language === stored) ?? null;
}

export function storeLanguage(language: Language): void {
  safeLocalStorage()?.setItem(LANGUAGE_KEY, language);
}
