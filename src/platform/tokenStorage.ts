/**
 * The stored auth token (shell spec, section 3 "Stored auth token"): one fixed key, kept in local
 * storage and in a SameSite=Strict cookie for 30 days, so either copy survives if the other is wiped.
 */
const TOKEN_KEY = 'auth_token';
const COOKIE_MAX_AGE_DAYS = 30;
const COOKIE_MAX_AGE_S = COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;

export function readToken(): string | null {
  return safeLocalStorage()?.getItem(TOKEN_KEY) || readCookie(TOKEN_KEY);
}

export function storeToken(token: string): void {
  safeLocalStorage()?.setItem(TOKEN_KEY, token);
  writeCookie(TOKEN_KEY, token, COOKIE_MAX_AGE_S);
}

export function clearToken(): void {
  safeLocalStorage()?.removeItem(TOKEN_KEY);
  writeCookie(TOKEN_KEY, '', 0);
}

/** Whether the session cookie holds `token`: then requests that cannot send headers need not name it. */
export const cookieHoldsToken = (token: string): boolean => readCookie(TOKEN_KEY) === token;

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) || null : null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the spec asks for a plain cookie; the Cookie Store API is not in every browser yet.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Strict${secure}`;
}

/** Local storage can be missing or throw (private modes, disabled storage); the app then runs on the cookie. */
export function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
