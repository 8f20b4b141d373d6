import { hash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the bearer token and the mailed reset token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as their SHA-256, so a database leak does not leak live tokens. Every
 * authenticated call hashes its token: the one-shot `hash` costs less than a Hash object.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
