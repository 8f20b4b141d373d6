import { DEFAULT_POINTS_TO_DEBIT } from './limits';

/**
 * The learner's points (shell spec, "User score entry" and the points page): the server keeps each
 * entry as a signed amount; a positive one is a top-up, anything else a debit, shown as its
 * absolute value.
 */

export type PointsEntryKind = 'topUp' | 'debit';

export type PointsEntry = {
  id: number;
  kind: PointsEntryKind;
  /** Always zero or more: the sign lives in `kind`. */
  amount: number;
  /** When the entry was last changed, in ms. */
  updatedAt: number;
};

/** One page of the history, newest first, and whether the server holds more pages after it. */
export type PointsPage = { entries: PointsEntry[]; page: number; pageCount: number };

export const pointsEntryKind = (signedAmount: number): PointsEntryKind =>
  signedAmount > 0 ? 'topUp' : 'debit';

export function toPointsEntry(id: number, signedAmount: number, updatedAt: number): PointsEntry {
  return { id, kind: pointsEntryKind(signedAmount), amount: Math.abs(signedAmount), updatedAt };
}

export const hasMorePages = (page: Pick<PointsPage, 'page' | 'pageCount'>): boolean =>
  page.page < page.pageCount;

/**
 * The history with the next page appended. An entry added while the learner reads shifts the pages
 * by one, so the next page may repeat the last entries already shown: those are left out.
 */
export function appendPointsPage(shown: readonly PointsEntry[], next: readonly PointsEntry[]): PointsEntry[] {
  const ids = new Set(shown.map((entry) => entry.id));
  return [...shown, ...next.filter((entry) => !ids.has(entry.id))];
}

/** The brand's spending threshold; a missing or meaningless value falls back to the spec's 200. */
export function pointsToDebit(configured: number | undefined): number {
  return configured !== undefined && Number.isFinite(configured) && configured > 0
    ? configured
    : DEFAULT_POINTS_TO_DEBIT;
}

/** Points can be spent only once the balance reaches the threshold. */
export const canSpendPoints = (balance: number, threshold: number): boolean => balance >= threshold;

/** How many more points the learner needs before spending (0 once they can). */
export const pointsMissing = (balance: number, threshold: number): number => Math.max(threshold - balance, 0);
