import type { Context } from 'hono';
import type { UserRow } from '../../db/schema';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { fieldError, tooManyRequests } from '../../http/errors';
import type { Services } from '../../infra/container';
import type { MessageKey } from '../../infra/i18n';
import { type AttemptLimits, attemptRetryAfter, countAttemptAhead } from '../../infra/rate-limit';

/** Refuses with 429 while this account or this client is over the limit. */
export function guardAttempts(c: Context<AppEnv>, limits: AttemptLimits, account: string): void {
  const wait = attemptRetryAfter(limits, account, clientAddress(c));
  if (wait > 0) throw tooManyRequests(wait);
}

/**
 * The name the sign-in counts an account's failures under: its e-mail, else its app id. A password
 * guessed through a session (the change with the current password) counts towards the same limit,
 * so a stolen token does not open a second, unlimited way to try passwords.
 */
export function signInAccountOf(user: UserRow): string {
  if (user.email) return `email:${user.email}`;
  // An account with neither (made by a social network that gave no e-mail) is counted on its own.
  return user.appId ? `app:${user.appId}` : `user:${user.id}`;
}

export interface PasswordAttempt {
  /** The sign-in's name for the account (`email:…`, `app:…`), counted even when no account has it. */
  account: string;
  user: UserRow | undefined;
  password: string;
  /** The field a wrong password is reported under, and its message. */
  field: string;
  wrong: MessageKey;
}

/**
 * Checks a password under the sign-in's limits: while the account or the client is over them every
 * attempt answers 429, the right password too; a wrong one (or an unknown or deleted account, or one
 * without a password, checked in the time a real one takes) is counted and answers 422 under its
 * field; the right one clears the account's failures and answers the user. Each attempt is counted
 * as it starts, before the hash is checked: counted only once it failed, guesses sent together
 * all passed the limit while each other's checks ran.
 */
export async function checkPassword(
  c: Context<AppEnv>,
  { loginLimits, passwords }: Pick<Services, 'loginLimits' | 'passwords'>,
  attempt: PasswordAttempt,
): Promise<UserRow> {
  guardAttempts(c, loginLimits, attempt.account);
  const passed = countAttemptAhead(loginLimits, attempt.account, clientAddress(c));
  const { user } = attempt;
  const hash = user && user.status !== 0 ? user.passwordHash : null;
  const valid =
    hash !== null
      ? await passwords.verify(hash, attempt.password)
      : await passwords.verifyNothing(attempt.password).then(() => false);
  if (!user || !valid) throw fieldError(attempt.field, attempt.wrong);
  passed();
  return user;
}
