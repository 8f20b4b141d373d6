import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../../src/ui/formatPercent';

describe('formatPercent', () => {
  it('writes a percentage as each language does', () => {
    expect(formatPercent(33, 'en')).toBe('33%');
    expect(formatPercent(33, 'es')).toBe('33\u00a0%');
    expect(formatPercent(33, 'ru')).toBe('33\u00a0%');
  });

  it('shows whole percentages, from none to all', () => {
    expect(formatPercent(0, 'en')).toBe('0%');
    expect(formatPercent(66.7, 'en')).toBe('67%');
    expect(formatPercent(100, 'es')).toBe('100\u00a0%');
  });
});
