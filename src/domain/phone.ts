import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from './limits';

/**
 * The one phone rule of the client form and the server's `phone` field (shell spec, section 5:
 * "Неверный формат номера телефона"): an optional leading `+`, then 7 to 15 digits, which may be
 * grouped with spaces, dashes and parentheses as people write them.
 */

const WELL_FORMED = /^\+?[\d\s()-]+$/;

/** True when `value` (already trimmed) is a phone number under the rule above. */
export function isPhone(value: string): boolean {
  if (!WELL_FORMED.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * The stored form: the digits without separators, with the `+` kept when it was given. A number
 * written without it stays national (a leading 8 in Russia is a trunk prefix, not a country code),
 * so the sign is never invented.
 */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}
