import type { TLSSocket } from 'node:tls';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { nodeRequest } from '../../http/request-body';
import type { Settings } from '../../infra/container';

/**
 * Where the links the server mails (the password-reset link) start: `PUBLIC_URL` when set, else this
 * server as the request's brand is served. A request names the server's host only in its Host header
 * (or an absolute request line), which its sender writes: a link built from it let anyone have the
 * school mail a learner a real reset link to a host of their own. So the host is one of the brand's
 * (the one asked for when it is one of them, else the brand's first), and the scheme and port are
 * those of the connection the server accepted.
 */
export function linkBase(c: Context<AppEnv>, settings: Settings): string {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/+$/, '');
  const { hosts } = c.get('brand');
  const asked = new URL(c.req.url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  // The brand schema holds at least one host: the fallback only satisfies the type.
  const host = hosts.find((own) => own === asked) ?? hosts[0] ?? 'localhost';
  const socket = nodeRequest(c)?.socket;
  const scheme = socket && (socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
  const port = socket?.localPort;
  const shownPort = port === undefined || port === (scheme === 'https' ? 443 : 80) ? '' : `:${port}`;
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}${shownPort}`;
}
