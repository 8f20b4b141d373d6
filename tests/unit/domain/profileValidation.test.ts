import { describe, expect, it } from 'vitest';
import { INSTAGRAM_EXAMPLE_NAME } from '../../../src/domain/limits';
import { validateBirthday, validateInstagram, validatePhone } from '../../../src/domain/profileValidation';

const codes = (errors: { code: string }[]) => errors.map((error) => error.code);

describe('validateInstagram', () => {
  it('is optional', () => {
    expect(validateInstagram('')).toEqual([]);
    expect(validateInstagram('   ')).toEqual([]);
  });
  it.each(['ada_lovelace', 'ada.lovelace', 'A1_b.c', 'a'.repeat(30)])('accepts %j', (value) => {
    expect(validateInstagram(value)).toEqual([]);
  });
  it('must not start with a period', () => {
    expect(codes(validateInstagram('.ada'))).toEqual(['instagramStartsWithPeriod']);
  });
  it('must not end with a period', () => {
    expect(codes(validateInstagram('ada.'))).toEqual(['instagramEndsWithPeriod']);
  });
  it('must not have two periods in a row', () => {
    expect(codes(validateInstagram('ada..love'))).toEqual(['instagramDoublePeriod']);
  });
  it.each(['ада', 'ada-love', 'ada love', 'ada@x'])(
    'allows English letters, digits, _ and . only: %j',
    (value) => {
      expect(codes(validateInstagram(value))).toEqual(['instagramCharacters']);
    },
  );
  it('allows at most 30 characters', () => {
    expect(validateInstagram('a'.repeat(31))).toEqual([{ code: 'maxLength', max: 30 }]);
    // Sixteen emoji are 32 UTF-16 units but 16 characters: only the character rule is broken.
    expect(codes(validateInstagram('\u{1f600}'.repeat(16)))).toEqual(['instagramCharacters']);
  });
  it('must differ from the example name, in any case', () => {
    expect(codes(validateInstagram(INSTAGRAM_EXAMPLE_NAME))).toEqual(['instagramExample']);
    expect(codes(validateInstagram(INSTAGRAM_EXAMPLE_NAME.toUpperCase()))).toEqual(['instagramExample']);
  });
  it('reports every broken rule at once', () => {
    expect(codes(validateInstagram('.a..b-'))).toEqual([
      'instagramStartsWithPeriod',
      'instagramDoublePeriod',
      'instagramCharacters',
    ]);
  });
});

describe('validatePhone', () => {
  it('is required', () => {
    expect(validatePhone(' ')).toEqual([{ code: 'required' }]);
    expect(validatePhone('\u200b\u2060')).toEqual([{ code: 'required' }]);
  });
  it.each(['+15551234567', '+7 (912) 345-67-89', '8 912 345 67 89', '1234567'])('accepts %j', (value) => {
    expect(validatePhone(value)).toEqual([]);
  });
  it.each(['123456', '+1234567890123456', 'call me', '+1 555 CALL', '++15551234567', '912.345.67.89'])(
    'rejects %j',
    (value) => {
      expect(validatePhone(value)).toEqual([{ code: 'phone' }]);
    },
  );
});

describe('validateBirthday', () => {
  it('is optional', () => {
    expect(validateBirthday('')).toEqual([]);
  });
  it.each(['10.12.1990', '29.02.2020', '01.01.2000'])('accepts %j', (value) => {
    expect(validateBirthday(value)).toEqual([]);
  });
  it.each(['1990-12-10', '1.12.1990', '10.12.90', '10/12/1990', '10.12.1990x', 'ab.cd.efgh'])(
    'needs DD.MM.YYYY: %j',
    (value) => {
      expect(validateBirthday(value)).toEqual([{ code: 'birthdayFormat' }]);
    },
  );
  it.each(['31.02.2020', '29.02.2019', '00.01.2000', '32.01.2000', '15.13.2000', '31.04.2021', '01.01.0000'])(
    'rejects the non-existent date %j',
    (value) => {
      expect(validateBirthday(value)).toEqual([{ code: 'birthdayNonexistent' }]);
    },
  );
  const now = Date.UTC(2026, 10, 24, 12);
  it.each(['01.01.1900', '24.11.2026', '25.11.2026'])(
    'takes %j, today at the latest (somewhere)',
    (value) => {
      expect(validateBirthday(value, now)).toEqual([]);
    },
  );
  it.each(['31.12.1899', '01.01.1800', '27.11.2026', '01.01.2999'])(
    'refuses %j, before 1900 or after today',
    (value) => {
      expect(validateBirthday(value, now)).toEqual([{ code: 'birthdayRange' }]);
    },
  );
  it('takes tomorrow only once it is today at UTC+14', () => {
    expect(validateBirthday('25.11.2026', Date.UTC(2026, 10, 24, 9, 59))).toEqual([
      { code: 'birthdayRange' },
    ]);
    expect(validateBirthday('25.11.2026', Date.UTC(2026, 10, 24, 10))).toEqual([]);
    expect(validateBirthday('26.11.2026', Date.UTC(2026, 10, 24, 23, 59))).toEqual([
      { code: 'birthdayRange' },
    ]);
  });
});
