import type { StreamAccess } from '../../../../src/domain/learning/streamStatus';
import { DAY_MS } from '../../../../src/domain/limits';

/** Noon of 10 May 2024 (UTC): the "now" of the learning rule tables. */
export const NOW = Date.UTC(2024, 4, 10, 12);
export const daysFromNow = (days: number): number => NOW + days * DAY_MS;

export const stream = (overrides: Partial<StreamAccess> = {}): StreamAccess => ({
  startDate: daysFromNow(-10),
  endDate: daysFromNow(20),
  isDemo: false,
  isOptionalPurchase: false,
  freeze: null,
  ...overrides,
});
