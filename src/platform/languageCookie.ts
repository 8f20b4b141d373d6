/**
 * The cookie that tells the server the visitor's language, which the browser's storage keeps out of
 * its sight (languageStorage.ts): a page it sends then paints the cookie banner and names the texts
 * in that language (server/static.ts). Essential: it keeps a choice the visitor made.
 */
export const LANGUAGE_COOKIE_NAME = 'lp_language';

/** A year, renewed at every visit: the cookie lasts as long as the visitor keeps coming. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function writeLanguageCookie(language: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads; the Cookie Store API is not in every browser yet.
  document.cookie = `${LANGUAGE_COOKIE_NAME}=${language}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
