import { describe, expect, it } from 'vitest';
import { validatePassword } from '../../../../src/domain/validation';
import {
  GENERATED_PASSWORD_LENGTH,
  generatePassword,
} from '../../../../src/features/registration/generatedPassword';

/** A byte source that plays back `bytes` over and over. */
const replay = (bytes: number[]) => {
  let next = 0;
  return (array: Uint8Array) => {
    for (let index = 0; index < array.length; index += 1) {
      array[index] = bytes[next % bytes.length] as number;
      next += 1;
    }
    return array;
  };
};

describe('generatePassword', () => {
  it('makes 16 letters and digits, with at least one of each, that the password rules accept', () => {
    for (let round = 0; round < 200; round += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(password).toMatch(/^[a-zA-Z2-9]+$/);
      expect(password).toMatch(/[a-zA-Z]/);
      expect(password).toMatch(/\d/);
      expect(validatePassword(password)).toEqual([]);
    }
  });

  it('leaves out characters that look alike (l, 1, I, O, 0, o)', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generatePassword()).join(''));
    for (const lookalike of ['l', '1', 'I', 'O', '0', 'o']) expect(seen.has(lookalike)).toBe(false);
  });

  it('drops bytes above the last whole alphabet, so no character is more likely than another', () => {
    // 255 is above the sampling limit and never used; 0 is 'a', 48 is the first digit ('2').
    expect(generatePassword(replay([255, 0, 255, 48]), 4)).toBe('a2a2');
  });

  it('draws again when a password has no digit or no letter', () => {
    const onlyLetters = [0, 0, 0, 0];
    const mixed = [1, 49, 1, 49];
    let calls = 0;
    const source = (array: Uint8Array) => {
      calls += 1;
      return replay(calls === 1 ? onlyLetters : mixed)(array);
    };
    expect(generatePassword(source, 4)).toBe('b3b3');
  });
});
