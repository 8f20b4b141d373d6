/**
 * A browser's part of a social sign-in, for API tests: follows redirects one by one, keeps each
 * site's cookies, and submits the providers' forms (the sign-in page, Apple's auto-posting form_post
 * page) as a browser would. Each step is visible, so a test can stop at any redirect.
 */

export interface Hop {
  status: number;
  url: string;
  location: string | null;
  body: string;
}

/** The hidden and given fields of the first form in a page, and where it posts. */
export function formOf(html: string, base: string): { action: string; fields: URLSearchParams } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form in ${html.slice(0, 200)}`);
  const decode = (text: string) =>
    text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
  const fields = new URLSearchParams();
  for (const input of (form[2] ?? '').matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields.append(decode(name), decode(value));
  }
  return { action: new URL(decode(form[1] ?? ''), base).toString(), fields };
}

export function createBrowser(headers: Record<string, string> = {}) {
  const jar = new Map<string, Map<string, string>>();

  function remember(url: string, response: Response) {
    const host = new URL(url).host;
    const cookies = jar.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    jar.set(host, cookies);
  }

  async function request(url: string, init: { method?: string; form?: URLSearchParams } = {}): Promise<Hop> {
    const cookies = [...(jar.get(new URL(url).host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`);
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
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
    return {
      status: response.status,
      url,
      location: location ? new URL(location, url).toString() : null,
      body: await response.text(),
    };
  }

  /** Follows redirects until a page answers or `stop(url)` says to stop before requesting a URL. */
  async function follow(first: Hop, stop: (url: string) => boolean): Promise<Hop> {
    let hop = first;
    for (let step = 0; step < 10 && hop.location; step++) {
      if (stop(hop.location)) return hop;
      hop = await request(hop.location);
    }
    return hop;
  }

  return { request, follow };
}

export type Browser = ReturnType<typeof createBrowser>;
