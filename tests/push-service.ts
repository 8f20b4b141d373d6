import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback (web-push-testing): it hands out subscriptions bound to a VAPID key,
 * checks the VAPID signature of every push, decrypts the payload (RFC 8291) and keeps it, and answers
 * 410 for a subscription marked expired. The API tests and the e2e specs push through it.
 */

export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The service's own name for the subscription. */
  clientHash: string;
}

export interface LocalPushService {
  origin: string;
  subscribe(applicationServerKey: string): Promise<LocalSubscription>;
  /** The decrypted payloads the subscription received, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  /** From now on pushes to it answer 410 Gone, as when the learner revoked the permission. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

interface TestingServer {
  _app: { listen(port: number, host: string, done: () => void): Server };
  setRequestHandlers(): void;
}
interface PushApiModel {
  notifyUrl: string;
}

const require = createRequire(import.meta.url);

export async function startLocalPushService(): Promise<LocalPushService> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => PushApiModel;
  };
  const TestingServer = require('web-push-testing/src/server.js') as new (
    model: PushApiModel,
    port: number,
  ) => TestingServer;
  const model = new PushApiModel();
  const testing = new TestingServer(model, 0);
  testing.setRequestHandlers();
  // Its own start listens on every interface at a fixed port: this one takes a free loopback port.
  const server = await new Promise<Server>((resolve) => {
    const listening: Server = testing._app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${origin}/notify/`;

  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`push service ${path} answered ${response.status}: ${text}`);
    // Some of its answers are a bare "OK".
    return response.headers.get('content-type')?.includes('json')
      ? (JSON.parse(text) as { data: unknown })
      : { data: undefined };
  };

  return {
    origin,
    async subscribe(applicationServerKey) {
      return (await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey }))
        .data as LocalSubscription;
    },
    async messages(clientHash) {
      return ((await post('/get-notifications', { clientHash })).data as { messages: string[] }).messages;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
