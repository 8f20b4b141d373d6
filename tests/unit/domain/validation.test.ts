import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SUPPORT_MESSAGE_MAX_LENGTH,
} from '../../../src/domain/limits';
import {
  collectErrors,
  fieldErrorsFromServer,
  hasErrors,
  normalizeEmail,
  validateEmail,
  validateNewPasswordRepeat,
  validatePassword,
  validatePasswordRepeat,
  validateRequired,
  validateSupportMessage,
} from '../../../src/domain/validation';

describe('normalizeEmail', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });
});

describe('validateRequired', () => {
  it.each(['', '   ', '\t\n', '\u200b', '\u2060\u200e', '\u3164', '\u0301'])('rejects blank %j', (value) => {
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
  it.each([
    'plain',
    'a@',
    '@b.co',
    'a b@c.co',
    'a@b',
    '.a@b.co',
    'a.@b.co',
    'a..b@c.co',
    'a@-b.co',
    'a@b-.co',
    'a@b..co',
    'a@b.c',
    'a@b.co1',
    'a@1.2.3.4',
    '"quoted"@b.co',
    'a@b.co.',
    'ü@b.co',
    'a@bücher.de',
  ])('rejects %j', (value) => {
    expect(validateEmail(value)).toEqual([{ code: 'email' }]);
  });
  it.each([
    'a@b.co',
    '  Learner@Example.com  ',
    'first.last+tag@sub.example.org',
    "o'brien@example.ie",
    'user@xn--bcher-kva.de',
    'user@example.xn--p1ai',
    'a_b-c@my-school.academy',
    "!#$%&'*+/=?^_`{|}~-@b.co",
  ])('accepts %j', (value) => {
    expect(validateEmail(value)).toEqual([]);
  });
});

describe('validatePassword', () => {
  it('requires a value', () => {
    expect(validatePassword('        ')).toEqual([{ code: 'required' }]);
    expect(validatePassword('\u200b'.repeat(PASSWORD_MIN_LENGTH))).toEqual([{ code: 'required' }]);
  });
  it('needs at least 8 characters', () => {
    expect(validatePassword('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toEqual([{ code: 'minLength', min: 8 }]);
    expect(validatePassword('a'.repeat(PASSWORD_MIN_LENGTH))).toEqual([]);
    // Four emoji are eight UTF-16 units but four characters.
    expect(validatePassword('\u{1f511}'.repeat(4))).toEqual([{ code: 'minLength', min: 8 }]);
  });
  it('allows at most 128 characters', () => {
    expect(validatePassword('a'.repeat(PASSWORD_MAX_LENGTH))).toEqual([]);
    expect(validatePassword('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual([{ code: 'maxLength', max: 128 }]);
    expect(validatePassword('\u{1f511}'.repeat(PASSWORD_MAX_LENGTH))).toEqual([]);
  });
});

describe('validatePasswordRepeat', () => {
  it('requires the repeat', () => {
    expect(validatePasswordRepeat('secret-123', '')).toEqual([{ code: 'required' }]);
    expect(validatePasswordRepeat('secret-123', '\u200b')).toEqual([{ code: 'required' }]);
  });
  it('must equal the password exactly', () => {
    expect(validatePasswordRepeat('secret-123', 'secret-124')).toEqual([{ code: 'mismatch' }]);
    expect(validatePasswordRepeat('secret-123', 'secret-123 ')).toEqual([{ code: 'mismatch' }]);
    expect(validatePasswordRepeat('secret-123', 'secret-123')).toEqual([]);
  });
});

describe('validateNewPasswordRepeat', () => {
  it('requires the repeat', () => {
    expect(validateNewPasswordRepeat('secret-123', '')).toEqual([{ code: 'required' }]);
  });
  it('must equal the new password exactly, and words a difference as between new passwords', () => {
    expect(validateNewPasswordRepeat('secret-123', 'secret-124')).toEqual([{ code: 'newPasswordMismatch' }]);
    expect(validateNewPasswordRepeat('secret-123', 'secret-123 ')).toEqual([{ code: 'newPasswordMismatch' }]);
    expect(validateNewPasswordRepeat('secret-123', 'secret-123')).toEqual([]);
  });
});

describe('validateSupportMessage', () => {
  it('is required', () => {
    expect(validateSupportMessage('  ')).toEqual([{ code: 'required' }]);
    expect(validateSupportMessage('\u200b\n\u00ad\ufeff')).toEqual([{ code: 'required' }]);
  });
  it('allows at most 500 characters', () => {
    expect(validateSupportMessage('m'.repeat(SUPPORT_MESSAGE_MAX_LENGTH))).toEqual([]);
    expect(validateSupportMessage('m'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1))).toEqual([
      { code: 'maxLength', max: 500 },
    ]);
  });
  it('counts characters, not UTF-16 units, and not the spaces it is sent without', () => {
    expect(validateSupportMessage('\u{1f600}'.repeat(SUPPORT_MESSAGE_MAX_LENGTH))).toEqual([]);
    expect(validateSupportMessage(` ${'m'.repeat(SUPPORT_MESSAGE_MAX_LENGTH)}\n`)).toEqual([]);
    expect(validateSupportMessage('\u{1f600}'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1))).toEqual([
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
