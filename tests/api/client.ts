import { expectClientContract } from './contract';

/**
 * A thin fetch wrapper for the API tests: JSON in, status + parsed JSON + headers out. Every success
 * answer is parsed with the app's own wire schema for the call (see contract.ts).
 */

export interface CallOptions {
  token?: string;
  /** Sent as JSON unless `raw` is given. */
  body?: unknown;
  /** A body sent exactly as given (malformed JSON, other content types). */
  raw?: string;
  headers?: Record<string, string>;
  /** X-App-Id; defaults to `web` (Brightpath: registration on, en/ru/es). */
  appId?: string | null;
}

export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests.
  body: any;
  headers: Headers;
}

/** A fresh account made through the real sign-up call. */
export interface Account {
  email: string;
  password: string;
  id: number;
  token: string;
}

/** `base` may be a function when the server starts after the client is made (see serverForFile). */
export function apiClient(base: string | (() => string)) {
  const baseUrl = typeof base === 'string' ? () => base : base;

  async function call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...options.headers };
    const appId = options.appId === undefined ? 'web' : options.appId;
    if (appId !== null) headers['X-App-Id'] = appId;
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const response = await fetch(`${baseUrl()}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the test sees the raw text.
    }
    if (response.ok) expectClientContract(method, path, parsed);
    return { status: response.status, body: parsed, headers: response.headers };
  }

  return {
    call,
    get: (path: string, options?: CallOptions) => call('GET', path, options),
    post: (path: string, body?: unknown, options?: CallOptions) => call('POST', path, { ...options, body }),
    delete: (path: string, options?: CallOptions) => call('DELETE', path, options),
    async login(email: string, password: string): Promise<string> {
      const result = await call('POST', '/auth/login', { body: { email, password } });
      if (result.status !== 200)
        throw new Error(`login ${email} failed: ${result.status} ${JSON.stringify(result.body)}`);
      return result.body.data.token as string;
    },
    /**
     * Signs up `<label>@example.com` with the password `<label>-password` on the default brand.
     * Each label can sign up once per server, so every test names its own accounts.
     */
    async signUp(label: string): Promise<Account> {
      const email = `${label}@example.com`;
      const password = `${label}-password`;
      const result = await call('POST', '/auth/signup-by-email', {
        body: { username: email, email, password, password_repeat: password },
      });
      if (result.status !== 201)
        throw new Error(`sign-up of ${email} failed: ${result.status} ${JSON.stringify(result.body)}`);
      return {
        email,
        password,
        id: result.body.data.user.id as number,
        token: result.body.data.token as string,
      };
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** An open /events stream: the text received so far and a way to wait for more. */
export interface EventStream {
  status: number;
  received(): string;
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEvents(base: string, token: string): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}/events?token=${encodeURIComponent(token)}`, { signal: abort.signal });
  let text = '';
  const ended = (async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    received: () => text,
    async waitFor(expected, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (!text.includes(expected)) {
        if (Date.now() > deadline)
          throw new Error(
            `event stream did not receive ${JSON.stringify(expected)}; got ${JSON.stringify(text)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    ended,
    close: () => abort.abort(),
  };
}
