import { describe, expect, it } from 'vitest';
import {
  INSTAGRAM_EXAMPLE_NAME,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SUPPORT_MESSAGE_MAX_LENGTH,
} from '../../../src/domain/limits';
import {
  collectErrors,
  fieldErrorsFromServer,
  hasErrors,
  normalizeEmail,
  validateBirthday,
  validateEmail,
  validateInstagram,
  validatePassword,
  validatePasswordRepeat,
  validatePhone,
  validateRequired,
  validateSupportMessage,
} from '../../../src/domain/validation';

const codes = (errors: { code: string }[]) => errors.map((error) => error.code);

describe('normalizeEmail', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });
});

describe('validateRequired', () => {
  it.each(['', '   ', '\t\n'])('rejects blank %j', (value) => {
    expect(validateRequired(value)).toEqual([{ code: 'required' }]);
  });
  it('accepts text', () => {
    expect(validateRequired(' x ')).toEqual([]);
  });
});

describe('validateEmail', () => {
  it('requires a value', () => {
    expect(validateEmail('  ')).toEqual([{ code: 'required' }]);
  });
  it.each(['plain', 'a@', '@b.co', 'a b@c.co', 'a@b'])('rejects %j', (value) => {
    expect(validateEmail(value)).toEqual([{ code: 'email' }]);
  });
  it.each(['a@b.co', '  Learner@Example.com  ', 'first.last+tag@sub.example.org'])('accepts %j', (value) => {
    expect(validateEmail(value)).toEqual([]);
  });
});

describe('validatePassword', () => {
  it('requires a value', () => {
    expect(validatePassword('        ')).toEqual([{ code: 'required' }]);
  });
  it('needs at least 8 characters', () => {
    expect(validatePassword('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toEqual([{ code: 'minLength', min: 8 }]);
    expect(validatePassword('a'.repeat(PASSWORD_MIN_LENGTH))).toEqual([]);
  });
  it('allows at most 128 characters', () => {
    expect(validatePassword('a'.repeat(PASSWORD_MAX_LENGTH))).toEqual([]);
    expect(validatePassword('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual([{ code: 'maxLength', max: 128 }]);
  });
});

describe('validatePasswordRepeat', () => {
  it('requires the repeat', () => {
    expect(validatePasswordRepeat('secret-123', '')).toEqual([{ code: 'required' }]);
  });
  it('must equal the password exactly', () => {
    expect(validatePasswordRepeat('secret-123', 'secret-124')).toEqual([{ code: 'mismatch' }]);
    expect(validatePasswordRepeat('secret-123', 'secret-123 ')).toEqual([{ code: 'mismatch' }]);
    expect(validatePasswordRepeat('secret-123', 'secret-123')).toEqual([]);
  });
});

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
  });
  it.each(['+15551234567', '+7 (912) 345-67-89', '8 912 345 67 89', '1234567'])('accepts %j', (value) => {
    expect(validatePhone(value)).toEqual([]);
  });
  it.each(['123456', '+1234567890123456', 'call me', '+1 555 CALL', '++15551234567'])(
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
});

describe('validateSupportMessage', () => {
  it('is required', () => {
    expect(validateSupportMessage('  ')).toEqual([{ code: 'required' }]);
  });
  it('allows at most 500 characters', () => {
    expect(validateSupportMessage('m'.repeat(SUPPORT_MESSAGE_MAX_LENGTH))).toEqual([]);
    expect(validateSupportMessage('m'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1))).toEqual([
      { code: 'maxLength', max: 500 },
    ]);
  });
});

describe('server field errors', () => {
  it("keeps the form's own fields as server messages and drops the others and empty lists", () => {
    const errors = fieldErrorsFromServer(
      { email: ['Taken.'], passwordRepeat: ['No match.', 'Too short.'], token: ['Expired.'], password: [] },
      ['email', 'password', 'passwordRepeat'] as const,
    );
    expect(errors).toEqual({
      email: [{ code: 'server', message: 'Taken.' }],
      passwordRepeat: [
        { code: 'server', message: 'No match.' },
        { code: 'server', message: 'Too short.' },
      ],
    });
  });

  it('collectErrors keeps only fields with problems; hasErrors sees them', () => {
    const errors = collectErrors({ email: [], password: [{ code: 'required' as const }] });
    expect(errors).toEqual({ password: [{ code: 'required' }] });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(collectErrors({ email: [] }))).toBe(false);
  });
});
