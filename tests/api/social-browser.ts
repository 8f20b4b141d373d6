/**
 * A browser's part of a social sign-in, for API tests: follows redirects and meta refreshes one by
 * one, keeps each site's cookies, and submits the providers' forms (the sign-in page, Apple's
 * auto-posting form_post page) as a browser would. Each step is visible, so a test can stop at any
 * redirect.
 *
 * Cookies follow SameSite as browsers do for a top-level navigation: a POST from a page of another
 * site (Apple's form_post) comes without the cookies that are not SameSite=None; a GET brings them
 * all. Paths and expiry other than deletion are not modelled.
 */

export interface Hop {
  status: number;
  url: string;
  location: string | null;
  /** Where the page's `<meta http-equiv="refresh">` sends the browser next, if it has one. */
  refresh: string | null;
  headers: Headers;
  body: string;
}

const decodeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

/** A page's meta refresh target, resolved against the page's URL. */
function refreshOf(html: string, base: string): string | null {
  const meta = /<meta[^>]*http-equiv="refresh"[^>]*content="\d+;\s*url=([^"]*)"/i.exec(html);
  return meta?.[1] ? new URL(decodeHtml(meta[1]), base).toString() : null;
}

/** Scheme and host: loopback addresses have no registrable domain, so each is a site of its own. */
const siteOf = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}`;
};

/** The hidden and given fields of the first form in a page, and where it posts. */
export function formOf(html: string, base: string): { action: string; fields: URLSearchParams } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form in ${html.slice(0, 200)}`);
  const fields = new URLSearchParams();
  for (const input of (form[2] ?? '').matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields.append(decodeHtml(name), decodeHtml(value));
  }
  return { action: new URL(decodeHtml(form[1] ?? ''), base).toString(), fields };
}

export function createBrowser(headers: Record<string, string> = {}) {
  const jar = new Map<string, Map<string, { value: string; crossSitePost: boolean }>>();

  function remember(url: string, response: Response) {
    const host = new URL(url).host;
    const cookies = jar.get(host) ?? new Map<string, { value: string; crossSitePost: boolean }>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      // Lax is what browsers assume when a cookie names no SameSite.
      const crossSitePost = /;\s*samesite=none/i.test(line);
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, { value, crossSitePost });
    }
    jar.set(host, cookies);
  }

  /**
   * One request; `from` is the page that makes it (a form it submits, its meta refresh), which
   * decides whether a POST is cross-site.
   */
  async function request(
    url: string,
    init: { method?: string; form?: URLSearchParams; from?: string } = {},
  ): Promise<Hop> {
    const method = init.method ?? (init.form ? 'POST' : 'GET');
    const crossSite = method !== 'GET' && init.from !== undefined && siteOf(init.from) !== siteOf(url);
    const cookies = [...(jar.get(new URL(url).host) ?? new Map()).entries()]
      .filter(([, cookie]) => !crossSite || cookie.crossSitePost)
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...headers,
        ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form?.toString(),
    });
    remember(url, response);
    const location = response.headers.get('location');
    const body = await response.text();
    return {
      status: response.status,
      url,
      location: location ? new URL(location, url).toString() : null,
      refresh: refreshOf(body, url),
      headers: response.headers,
      body,
    };
  }

  /**
   * Follows redirects and meta refreshes until a page stays or `stop(url)` says to stop before
   * requesting a URL.
   */
  async function follow(first: Hop, stop: (url: string) => boolean): Promise<Hop> {
    let hop = first;
    for (let step = 0; step < 10; step++) {
      const next = hop.location ?? hop.refresh;
      if (!next || stop(next)) return hop;
      hop = await request(next, { from: hop.url });
    }
    return hop;
  }

  return { request, follow };
}

export type Browser = ReturnType<typeof createBrowser>;
