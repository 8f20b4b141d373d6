import { describe, expect, it } from 'vitest';
import { isGroupedPhone, isPhone, normalizePhone, PHONE_INPUT_MAX_LENGTH } from '../../../src/domain/phone';

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
    // Digits enough, grouped as no one writes a number.
    `+1${'-'.repeat(20)}234567`,
    '+1 (((555))) 1234567',
    '+1--555-123-4567',
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

describe('isGroupedPhone', () => {
  it.each([
    '+15551234567',
    '1234567',
    '+7 (912) 345-67-89',
    '+7(912)345-67-89',
    '8 912 345 67 89',
    '+1 555-123-4567',
    '+44 (0) 20 7946 0958',
    '(495) 123-45-67',
    '+(7) 912 345 67 89',
  ])('takes %j', (value) => {
    expect(isGroupedPhone(value)).toBe(true);
  });

  it.each([
    ['two dashes in a row', '+1--555-123-4567'],
    ['a space and a dash', '+1 -555 123 4567'],
    ['two spaces', '+1  555 123 4567'],
    ['200 dashes', `+1${'-'.repeat(200)}234567`],
    ['nested brackets', '+1 (((555))) 1234567'],
    ['brackets in brackets', '+1 (5(55)) 1234567'],
    ['two bracketed groups', '(555)(123)4567'],
    ['two bracketed groups apart', '+1 (555) (123) 4567'],
    ['an unclosed bracket', '+1 (555 1234567'],
    ['a closing bracket alone', '+1 555) 1234567'],
    ['brackets the wrong way round', '+1 )555( 1234567'],
    ['empty brackets', '+1 () 5551234567'],
    ['a space inside the brackets', '+1 (555 123) 4567'],
    ['a separator after the +', '+ 1 555 123 4567'],
    ['a separator at the end', '1234567-'],
    ['a separator at the start', '-1234567'],
    ['a + in the middle', '7+1234567'],
  ])('refuses %s', (_, value) => {
    expect(isGroupedPhone(value)).toBe(false);
  });

  it('leaves room for 15 digits with a separator between every two and one bracketed', () => {
    const longest = '+1 (2) 3 4 5 6 7 8 9 0 1 2 3 4 5';
    expect(longest.replace(/\D/g, '')).toHaveLength(15);
    expect(isGroupedPhone(longest)).toBe(true);
    expect(longest).toHaveLength(PHONE_INPUT_MAX_LENGTH);
  });

  it('costs time in proportion to the text, whatever it holds', () => {
    const started = performance.now();
    isGroupedPhone(`${'1'.repeat(60_000)}x`);
    isGroupedPhone(`${'1 '.repeat(30_000)}x`);
    isGroupedPhone(`${'1-('.repeat(20_000)}`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
