/**
 * A whole percentage (0..100) as the learner's language writes it: "33%" in English, "33 %" (a
 * no-break space) in Spanish and Russian.
 */
export const formatPercent = (percent: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
