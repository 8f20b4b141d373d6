import type { BrandConfig, Language } from '../../brands';
import { readStoredLanguage } from '../platform/languageStorage';
import { currentLanguage, switchLanguage } from './i18n';

/**
 * The language a learner saved in their profile, applied when they sign in on a browser where
 * nobody chose one: Spanish set on their phone is what they find on a new laptop, not the brand's
 * default. A choice made on this browser (on the sign-in page or in the settings) wins, and applying
 * the saved one remembers it here, so it happens once per browser.
 */
export function applySavedLanguage(saved: Language, brand: BrandConfig): void {
  if (readStoredLanguage() !== null || saved === currentLanguage()) return;
  if (brand.assets.supportedLanguage.includes(saved)) void switchLanguage(saved);
}
