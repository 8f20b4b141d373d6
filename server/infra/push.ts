import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import webPush, { type PushSubscriptionTarget, type VapidKeys } from 'web-push';
import type { Logger } from './logger';
import { isPushServiceEndpoint, type PushServices } from './push-services';

/**
 * Web push (RFC 8030/8291 with VAPID): the server's key pair and one send. The request is built by
 * web-push's `generateRequestDetails` (encryption and the VAPID header) and sent with fetch, so a push
 * service on plain HTTP (a local one in tests) is reached the same way as the browsers' HTTPS ones.
 */

export interface PushMessage {
  title: string;
  body: string;
  /** The app path a click opens. */
  url: string;
}

/** What came back: `gone` means the subscription no longer exists (404/410) and must be forgotten. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface Push {
  /** The public key browsers subscribe with (`applicationServerKey`), base64url. */
  publicKey: string;
  /** Whether a subscription's endpoint is a push service this server sends to (infra/push-services.ts). */
  accepts(endpoint: string): boolean;
  /** Sends nothing to an endpoint it does not accept (a row stored before the rule): that one is `gone`. */
  send(subscription: PushSubscriptionTarget, message: PushMessage): Promise<PushOutcome>;
}

/** A reminder is worth nothing a day later: the push service drops it after this many seconds. */
const REMINDER_TTL_SECONDS = 12 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

const isKeyPair = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VapidKeys).publicKey === 'string' &&
  typeof (value as VapidKeys).privateKey === 'string';

/**
 * The VAPID key pair kept in `file` (made on the first start, readable by the owner only): browsers
 * bind their subscriptions to the public key, so a new pair would silently orphan every one of them.
 * Without a file (an in-memory database) the pair lives as long as the process.
 */
export async function loadVapidKeys(file: string | undefined): Promise<VapidKeys> {
  if (!file) return webPush.generateVAPIDKeys();
  try {
    const stored: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (isKeyPair(stored)) return stored;
    throw new Error(`${file} does not hold a VAPID key pair`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webPush.generateVAPIDKeys();
  await mkdir(dirname(file), { recursive: true });
  // `wx`: two processes starting at once must not each write a different pair.
  try {
    await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadVapidKeys(file);
    throw error;
  }
  await chmod(file, 0o600);
  return keys;
}

export function createPush(keys: VapidKeys, subject: string, log: Logger, services: PushServices = {}): Push {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const accepts = (endpoint: string) => isPushServiceEndpoint(endpoint, services);
  return {
    publicKey: keys.publicKey,
    accepts,
    async send(subscription, message) {
      if (!accepts(subscription.endpoint)) {
        log.info('a push subscription outside the push services was dropped unsent');
        return 'gone';
      }
      const request = webPush.generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails,
        TTL: REMINDER_TTL_SECONDS,
        urgency: 'normal',
      });
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers,
          body: request.body ? new Uint8Array(request.body) : undefined,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.status === 404 || response.status === 410) return 'gone';
        if (response.ok) return 'sent';
        log.info(`push to ${new URL(request.endpoint).host} answered ${response.status}`);
        return 'failed';
      } catch (error) {
        log.info(`push to ${new URL(request.endpoint).host} failed: ${String(error)}`);
        return 'failed';
      }
    },
  };
}

/** Who runs this push sender, as the VAPID `sub` claim; push services contact it about problems. */
export const DEFAULT_PUSH_SUBJECT = 'mailto:webmaster@localhost';

/** A sender whose keys live as long as the process (an in-memory database, or a test's services). */
export const pushWithFreshKeys = (log: Logger): Push =>
  createPush(webPush.generateVAPIDKeys(), DEFAULT_PUSH_SUBJECT, log);
