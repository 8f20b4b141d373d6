import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { createPasswords } from '../../../server/infra/passwords';

const passwords = createPasswords({ memoryCost: 1024, timeCost: 2 });
const COMPOSED = 'P\u00e4ssw\u00f6rd-123';
const DECOMPOSED = 'Pa\u0308ssw\u006f\u0308rd-123';

describe('passwords', () => {
  it('takes a password typed composed or decomposed as the same one', async () => {
    expect(DECOMPOSED).not.toBe(COMPOSED);
    const hash = await passwords.hash(COMPOSED);
    expect(await passwords.verify(hash, DECOMPOSED)).toBe(true);
    expect(await passwords.verify(await passwords.hash(DECOMPOSED), COMPOSED)).toBe(true);
  });

  it('still opens a hash made of a decomposed password as typed', async () => {
    const older = await argon2.hash(DECOMPOSED, { type: argon2.argon2id, memoryCost: 1024, timeCost: 2 });
    expect(await passwords.verify(older, DECOMPOSED)).toBe(true);
  });

  it('refuses another password, and a hash that is not one', async () => {
    const hash = await passwords.hash(COMPOSED);
    expect(await passwords.verify(hash, 'Passwort-123')).toBe(false);
    expect(await passwords.verify('not a hash', COMPOSED)).toBe(false);
  });
});
