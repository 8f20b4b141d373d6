import { describe, expect, it } from 'vitest';
import {
  appendPointsPage,
  canSpendPoints,
  hasMorePages,
  type PointsEntry,
  pointsEntryKind,
  pointsMissing,
  pointsToDebit,
  toPointsEntry,
} from '../../../src/domain/points';

const entry = (id: number, signed: number): PointsEntry => toPointsEntry(id, signed, id * 1000);

describe('points entries', () => {
  it('are top-ups when positive and debits otherwise, kept as absolute values', () => {
    expect(pointsEntryKind(150)).toBe('topUp');
    expect(pointsEntryKind(-50)).toBe('debit');
    expect(pointsEntryKind(0)).toBe('debit');
    expect(toPointsEntry(4, -50, 7000)).toEqual({ id: 4, kind: 'debit', amount: 50, updatedAt: 7000 });
    expect(toPointsEntry(5, 150, 8000)).toEqual({ id: 5, kind: 'topUp', amount: 150, updatedAt: 8000 });
  });

  it('append the next page without the entries a shift of the pages repeats', () => {
    const shown = [entry(3, -50), entry(2, 100)];
    expect(appendPointsPage(shown, [entry(2, 100), entry(1, 150)]).map((item) => item.id)).toEqual([3, 2, 1]);
    expect(appendPointsPage([], [entry(1, 150)])).toEqual([entry(1, 150)]);
  });

  it('have more pages while the page read is before the last', () => {
    expect(hasMorePages({ page: 1, pageCount: 2 })).toBe(true);
    expect(hasMorePages({ page: 2, pageCount: 2 })).toBe(false);
    expect(hasMorePages({ page: 1, pageCount: 0 })).toBe(false);
  });
});

describe('spending points', () => {
  it('is allowed once the balance reaches the threshold', () => {
    expect(canSpendPoints(199, 200)).toBe(false);
    expect(canSpendPoints(200, 200)).toBe(true);
    expect(pointsMissing(150, 200)).toBe(50);
    expect(pointsMissing(250, 200)).toBe(0);
  });

  it("takes the brand's threshold, or 200 when it is missing or not a positive number", () => {
    expect(pointsToDebit(500)).toBe(500);
    expect(pointsToDebit(undefined)).toBe(200);
    expect(pointsToDebit(0)).toBe(200);
    expect(pointsToDebit(Number.NaN)).toBe(200);
  });
});
