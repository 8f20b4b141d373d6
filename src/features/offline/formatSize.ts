/** A byte count as the learner reads it: megabytes (gigabytes from 1 GB), one decimal, in their language. */
export function formatSize(bytes: number, locale: string): string {
  const gigabytes = bytes >= 1e9;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: gigabytes ? 'gigabyte' : 'megabyte',
    maximumFractionDigits: 1,
  }).format(bytes / (gigabytes ? 1e9 : 1e6));
}
