/**
 * The browser's first Intl formatter loads its locale data, a one-off that costs tens of
 * milliseconds (more on a slow phone). Every signed-in page formats numbers (Lingui plurals) and
 * dates; paid in the middle of the first signed-in render, it freezes the page just when it
 * appears. Paid as the page opens (openingPage.ts), it overlaps the user call and the start-up
 * lists, one step per task so that no single task blocks the page for long. The first number
 * formatter's cost is itself two loads of about the same size, each taken in a task of its own: the
 * locale data that resolves a language (`Intl.Locale`), then the list of the locales the browser
 * formats numbers in (`supportedLocalesOf`, built once). The formatter made after them costs under
 * a millisecond.
 */
export function warmUpIntl(language: string): void {
  const locales = [language, 'en'];
  const warmUps = [
    () => new Intl.Locale(language).maximize(),
    () => Intl.NumberFormat.supportedLocalesOf(locales),
    () => new Intl.NumberFormat(locales).format(1),
    () => new Intl.PluralRules(locales).select(1),
    () => new Intl.DateTimeFormat(locales, { dateStyle: 'short' }).format(0),
  ];
  const next = () => {
    warmUps.shift()?.();
    if (warmUps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
