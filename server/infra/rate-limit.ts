const MAX_TRACKED_KEYS = 10_000;

/**
 * Sliding-window counter kept in memory: at most `limit` hits per key within `windowMs`.
 * Enough for one server process; a cluster would need a shared store.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const list = this.recent(key);
    if (list.length < this.limit) return 0;
    const oldestCounted = list[list.length - this.limit] ?? this.now();
    return Math.max(1, Math.ceil((oldestCounted + this.windowMs - this.now()) / 1000));
  }

  /** Counts a hit now; answers its moment, by which `release` takes it back. */
  hit(key: string): number {
    const at = this.now();
    this.hits.set(key, [...this.recent(key), at]);
    if (this.hits.size > MAX_TRACKED_KEYS) this.forgetStale();
    return at;
  }

  /** Takes back one hit counted at `at` (an attempt counted before its outcome was known, that passed). */
  release(key: string, at: number): void {
    const list = this.hits.get(key);
    const index = list?.indexOf(at) ?? -1;
    if (!list || index < 0) return;
    list.splice(index, 1);
    if (list.length === 0) this.hits.delete(key);
  }

  /** Many distinct keys (e.g. guessed addresses) must not grow memory without bound. */
  private forgetStale(): void {
    for (const key of [...this.hits.keys()]) this.recent(key);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Sign-in failures within 15 minutes: 5 per account from one client address, 20 per client address,
 * and 50 per account from all addresses together. Counted per address, someone typing wrong
 * passwords locks only their own address out, not the account's owner signing in elsewhere; the
 * account's own limit still slows guessing spread over many addresses.
 */
export function createLoginLimits(): AttemptLimits {
  return {
    perAccount: new SlidingWindowLimiter(50, FIFTEEN_MINUTES),
    perAccountAndAddress: new SlidingWindowLimiter(5, FIFTEEN_MINUTES),
    perAddress: new SlidingWindowLimiter(20, FIFTEEN_MINUTES),
  };
}

/**
 * Reset mails: 5 per address (e-mail) and 20 per client address within 15 minutes. An inbox is
 * flooded alike from any client, so the e-mail's own count is the one that holds.
 */
export function createResetLimits(): AttemptLimits {
  return {
    perAccount: new SlidingWindowLimiter(5, FIFTEEN_MINUTES),
    perAccountAndAddress: new SlidingWindowLimiter(5, FIFTEEN_MINUTES),
    perAddress: new SlidingWindowLimiter(20, FIFTEEN_MINUTES),
  };
}

/** Error reports from the app: 60 per client address within 10 minutes. */
export function createClientErrorLimit() {
  return new SlidingWindowLimiter(60, 10 * 60 * 1000);
}

/**
 * Analytics batches from the app: 300 per client address within 10 minutes. The app sends a batch at
 * most every few seconds while a page is open, so only a script comes near it.
 */
export function createAnalyticsLimit() {
  return new SlidingWindowLimiter(300, 10 * 60 * 1000);
}

/**
 * Support questions from visitors without an account: 10 per client address within an hour. Each
 * lands in the school's support queue, and a visitor with a question sends one or two.
 */
export function createGuestQuestionLimit() {
  return new SlidingWindowLimiter(10, 60 * 60 * 1000);
}

/**
 * The sign-up form's e-mail and app id checks: 30 per client address within 10 minutes. The form
 * checks once as a field is left; a script asking address after address whether it has an account
 * is slowed as the sign-in is.
 */
export function createSignupCheckLimit() {
  return new SlidingWindowLimiter(30, 10 * 60 * 1000);
}

export interface AttemptLimits {
  /** An account's failures from every client together. */
  perAccount: SlidingWindowLimiter;
  /** An account's failures from one client address. */
  perAccountAndAddress: SlidingWindowLimiter;
  /** A client address's failures on every account together. */
  perAddress: SlidingWindowLimiter;
}

const pairKey = (account: string, address: string) => `${account}\n${address}`;

/** The longest wait any limit imposes on this account and client, in seconds (0 = go ahead). */
export function attemptRetryAfter(limits: AttemptLimits, account: string, address: string): number {
  return Math.max(
    limits.perAccount.retryAfter(account),
    limits.perAccountAndAddress.retryAfter(pairKey(account, address)),
    limits.perAddress.retryAfter(address),
  );
}

/** Counts an attempt (a reset mail, a password being checked); answers the moment of the address's hit. */
export function recordAttempt(limits: AttemptLimits, account: string, address: string): number {
  limits.perAccount.hit(account);
  limits.perAccountAndAddress.hit(pairKey(account, address));
  return limits.perAddress.hit(address);
}

/**
 * Counts an attempt whose outcome is not known yet, in the same turn as the limit was checked, so
 * that attempts made at once cannot all pass the check before any of them is counted. Answers the
 * release for an attempt that turns out right: its account's failures are forgotten and the client's
 * count takes it back (a right password is no failure of the address).
 */
export function countAttemptAhead(limits: AttemptLimits, account: string, address: string): () => void {
  const at = recordAttempt(limits, account, address);
  return () => {
    clearAccountAttempts(limits, account, address);
    limits.perAddress.release(address, at);
  };
}

/** The owner proved who they are (the right password, a reset): the account's failures are forgotten. */
export function clearAccountAttempts(limits: AttemptLimits, account: string, address: string): void {
  limits.perAccount.clear(account);
  limits.perAccountAndAddress.clear(pairKey(account, address));
}
