/**
 * The return URL remembered when a signed-out visitor hits a signed-in page (or the session ends),
 * used once after the next sign-in. Kept per tab: a link opened in another tab must not steer this one.
 */
const RETURN_URL_KEY = 'lp_return_url';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The root path is never a return URL (shell spec, section 2). */
export function rememberReturnUrl(href: string): void {
  if (!href || href === '/' || href.startsWith('/?')) return;
  storage()?.setItem(RETURN_URL_KEY, href);
}

export function readReturnUrl(): string | null {
  return storage()?.getItem(RETURN_URL_KEY) ?? null;
}

export function forgetReturnUrl(): void {
  storage()?.removeItem(RETURN_URL_KEY);
}
