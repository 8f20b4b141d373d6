import argon2 from 'argon2';

/** Argon2id cost. Production uses the library defaults; tests may lower memory and time (still Argon2id). */
export interface PasswordCost {
  memoryCost?: number;
  timeCost?: number;
}

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Burns the same time as a real check, so unknown accounts cannot be told apart by timing. */
  verifyNothing(password: string): Promise<void>;
}

/**
 * A password as its characters, not as the keyboard composed them: "ä" typed as one character or as
 * "a" and a combining mark is the same password (Unicode NFC).
 */
const composed = (password: string) => password.normalize('NFC');

export function createPasswords(cost: PasswordCost = {}): Passwords {
  const options = { type: argon2.argon2id, ...cost };
  let decoy: Promise<string> | undefined;
  const verifyAsTyped = async (hash: string, password: string) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  };
  // A hash made before passwords were composed may hold a decomposed one: it is tried as typed too.
  const verify = async (hash: string, password: string) =>
    (await verifyAsTyped(hash, composed(password))) ||
    (password !== composed(password) && (await verifyAsTyped(hash, password)));
  return {
    hash: (password) => argon2.hash(composed(password), options),
    verify,
    async verifyNothing(password) {
      decoy ??= argon2.hash('decoy password for unknown accounts', options);
      await verify(await decoy, password);
    },
  };
}
