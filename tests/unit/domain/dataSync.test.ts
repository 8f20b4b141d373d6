import { describe, expect, it } from 'vitest';
import { DATA_SYNC_AFTER_HIDDEN_MS, isStaleAfterHidden } from '../../../src/domain/dataSync';

describe('data sync after the tab was hidden', () => {
  it('is due after five minutes hidden, not before', () => {
    expect(DATA_SYNC_AFTER_HIDDEN_MS).toBe(300_000);
    expect(isStaleAfterHidden(300_000)).toBe(true);
    expect(isStaleAfterHidden(3_600_000)).toBe(true);
    expect(isStaleAfterHidden(299_999)).toBe(false);
    expect(isStaleAfterHidden(0)).toBe(false);
  });
});
