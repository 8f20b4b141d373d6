import type { BrandConfig, Language } from '../../brands';
import { readStoredLanguage } from '../platform/languageStorage';
import { currentLanguage } from './i18n';

/**
 * The language a learner saved in their profile, to apply when they sign in on a browser where
 * nobody chose one: Spanish set on their phone is what they find on a new laptop, not the brand's
 * default. A choice made on this browser (on the sign-in page or in the settings) wins, and applying
 * the saved one remembers it here, so it happens once per browser. Null when there is none to apply.
 */
export function savedLanguageToApply(saved: Language | undefined, brand: BrandConfig): Language | null {
  if (!saved || readStoredLanguage() !== null || saved === currentLanguage()) return null;
  return brand.assets.supportedLanguage.includes(saved) ? saved : null;
}
