/**
 * Where the server may send web push. A subscription's endpoint is a URL the browser hands over, and
 * the learner can hand over any URL instead: the reminder scheduler would then POST to it from inside
 * the server's network (a service on this machine, a metadata address, the server's own API). So an
 * endpoint must be the push service of a browser, over HTTPS on its standard port, without
 * credentials; a deployment adds the hosts of a push service of its own, and development and tests
 * add a local push service on this computer's loopback.
 */
export interface PushServices {
  /** Host names taken besides the browsers' push services; `.example.org` takes its subdomains. */
  hosts?: readonly string[];
  /** A push service on this computer's loopback, over HTTP too (development and tests only). */
  local?: boolean;
}

/**
 * The push services of the browsers that support web push: Chrome, Edge on Android, Opera, Samsung
 * Internet and Brave (Firebase Cloud Messaging), Firefox (Mozilla's), Edge on Windows (Windows Push
 * Notification Services) and Safari (Apple's).
 */
export const BROWSER_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('.') ? host.endsWith(pattern) && host.length > pattern.length : host === pattern;

/** Whether the server may send push to `endpoint` (see the module's comment). */
export function isPushServiceEndpoint(endpoint: string, services: PushServices = {}): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (services.local && LOOPBACK_HOSTS.has(url.hostname)) {
    return url.protocol === 'http:' || url.protocol === 'https:';
  }
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return [...BROWSER_PUSH_HOSTS, ...(services.hosts ?? [])].some((pattern) =>
    hostMatches(host, pattern.toLowerCase()),
  );
}

/**
 * The push services of the environment: `PUSH_SERVICE_HOSTS` (comma-separated host names, `.domain`
 * for its subdomains) and `PUSH_LOCAL_SERVICE=1` (a local push service on loopback).
 */
export function parsePushServices(env: NodeJS.ProcessEnv): PushServices {
  const hosts = (env.PUSH_SERVICE_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter((host) => host !== '');
  return { hosts, local: env.PUSH_LOCAL_SERVICE === '1' };
}
