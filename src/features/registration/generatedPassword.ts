/**
 * The password the registration chat makes the account with: the learner never sees it (the chat's
 * password question replaces it) or is shown it once (`emailWithGeneratedPassword`).
 */

const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALPHABET = LETTERS + DIGITS;

/** 16 characters by default. */
export const GENERATED_PASSWORD_LENGTH = 16;

/**
 * A random password of letters and digits with at least one of each (look-alikes such as l, 1, O
 * and 0 left out, since a learner may copy it by hand). `randomValues` fills the array it is given,
 * as `crypto.getRandomValues` does; rejection sampling keeps every character equally likely.
 */
export function generatePassword(
  randomValues: (array: Uint8Array) => Uint8Array = (array) => crypto.getRandomValues(array),
  length = GENERATED_PASSWORD_LENGTH,
): string {
  const limit = 256 - (256 % ALPHABET.length);
  for (;;) {
    let password = '';
    while (password.length < length) {
      for (const byte of randomValues(new Uint8Array(length * 2))) {
        if (byte < limit && password.length < length) password += ALPHABET[byte % ALPHABET.length];
      }
    }
    if (/[a-z]/i.test(password) && /\d/.test(password)) return password;
  }
}
