/**
 * Where to go after signing in (shell spec, section 4 "Login"): the query's returnUrl first, then the
 * remembered one. A full http(s) URL leaves the app with the token appended, only for one of the
 * school's own hosts (the brand's, or a subdomain of one): the token is the learner's whole account,
 * and a link anyone can make must not hand it to another site. An internal path is used as is;
 * anything else (including the root path, which is never a return URL) goes home.
 */
export type ReturnTarget = { kind: 'external'; url: string } | { kind: 'internal'; path: string };

export type ReturnUrlSources = {
  queryReturnUrl?: string | null;
  storedReturnUrl?: string | null;
  token: string;
  home: string;
  /** The brand's host names: the only sites a full URL may lead to. */
  schoolHosts: readonly string[];
};

/** An in-app path worth coming back to: starts with one '/', and is not the root (sign-in) page. */
export function isRememberablePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/, 1)[0];
  return pathname !== '/';
}

function externalUrl(candidate: string, token: string, schoolHosts: readonly string[]): string | null {
  if (!/^https?:\/\//i.test(candidate) || !URL.canParse(candidate)) return null;
  const url = new URL(candidate);
  // The host itself or a subdomain of it: `.shop.school.example` ends with `.school.example`.
  if (!schoolHosts.some((host) => `.${url.hostname}`.endsWith(`.${host}`))) return null;
  url.searchParams.set('token', token);
  return url.toString();
}

function toTarget(
  candidate: string | null | undefined,
  token: string,
  schoolHosts: readonly string[],
): ReturnTarget | null {
  const value = candidate?.trim();
  if (!value) return null;
  const url = externalUrl(value, token, schoolHosts);
  if (url) return { kind: 'external', url };
  return isRememberablePath(value) ? { kind: 'internal', path: value } : null;
}

export function resolveReturnUrl({
  queryReturnUrl,
  storedReturnUrl,
  token,
  home,
  schoolHosts,
}: ReturnUrlSources): ReturnTarget {
  return (
    toTarget(queryReturnUrl, token, schoolHosts) ??
    toTarget(storedReturnUrl, token, schoolHosts) ?? { kind: 'internal', path: home }
  );
}
