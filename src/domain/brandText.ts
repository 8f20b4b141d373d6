import type { Language } from '../../brands';

/** A brand text given once for every language, or per language. */
export type BrandText = string | Partial<Record<Language, string>>;

/** The brand text in `language`, else in the brand's default language, else empty. */
export function brandText(text: BrandText, language: string, defaultLanguage: Language): string {
  if (typeof text === 'string') return text;
  return text[language as Language] ?? text[defaultLanguage] ?? '';
}
