import { describe, expect, it } from 'vitest';
import { isPhone, normalizePhone } from '../../../src/domain/phone';

describe('isPhone', () => {
  it.each(['+15551234567', '+7 (912) 345-67-89', '8 912 345 67 89', '1234567', '+123456789012345'])(
    'accepts %j',
    (value) => {
      expect(isPhone(value)).toBe(true);
    },
  );
  it.each([
    '',
    '123456',
    '+1234567890123456',
    'call me',
    '+1 555 CALL',
    '++15551234567',
    '912.345.67.89',
    '7+1234567',
  ])('rejects %j', (value) => {
    expect(isPhone(value)).toBe(false);
  });
});

describe('normalizePhone', () => {
  it('keeps the + and the digits only', () => {
    expect(normalizePhone(' +7 (912) 345-67-89 ')).toBe('+79123456789');
  });
  it('never adds a + the user did not write', () => {
    expect(normalizePhone('8 912 345 67 89')).toBe('89123456789');
  });
});
