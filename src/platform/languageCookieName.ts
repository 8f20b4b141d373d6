/**
 * The cookie that tells the server the visitor's language (languageStorage.ts writes it beside the
 * browser's storage, which the server cannot see): a page it sends then carries the cookie banner and
 * names the texts in that language. Essential: it keeps a choice the visitor made.
 */
export const LANGUAGE_COOKIE_NAME = 'lp_language';
