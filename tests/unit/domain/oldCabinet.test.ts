import { describe, expect, it } from 'vitest';
import { oldCabinetDismissedKey, oldCabinetOf } from '../../../src/domain/oldCabinet';

const url = 'https://old.example.com/cabinet';

describe('oldCabinetOf', () => {
  it('is nothing while the brand names no old site', () => {
    expect(oldCabinetOf({}, '2026-11-23')).toBeNull();
    expect(oldCabinetOf({ oldCabinetUntil: '2027-01-01' }, '2026-11-23')).toBeNull();
  });

  it('shows the old site up to and including its last day', () => {
    expect(oldCabinetOf({ oldCabinetUrl: url }, '2026-11-23')).toEqual({ url, until: null });
    const brand = { oldCabinetUrl: url, oldCabinetUntil: '2026-11-30' };
    expect(oldCabinetOf(brand, '2026-11-30')).toEqual({ url, until: '2026-11-30' });
    expect(oldCabinetOf(brand, '2026-12-01')).toBeNull();
  });

  it('remembers "Got it" per learner', () => {
    expect(oldCabinetDismissedKey(7)).not.toBe(oldCabinetDismissedKey(8));
  });
});
