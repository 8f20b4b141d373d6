/**
 * The locale the date and time fields format with. English is British English: the app shows every
 * day as day, month, year (the spec's DD.MM.YYYY) and times on a 24-hour clock, and en-US would put
 * the month first and add AM/PM beside them. Russian and Spanish already read that way.
 */
export const fieldLocale = (language: string): string => (language === 'en' ? 'en-GB' : language);
