/// <reference lib="webworker" />
/**
 * Web push in the app's service worker: a push (a reminder from the server's scheduler, JSON
 * `{ title, body, url }`) is shown as a notification; clicking it focuses an open window of the app
 * and takes it to the notification's page, or opens a new one there.
 */

declare const self: ServiceWorkerGlobalScope;

type PushPayload = { title: string; body: string; url: string };

const isPayload = (value: unknown): value is PushPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PushPayload).title === 'string' &&
  typeof (value as PushPayload).body === 'string' &&
  typeof (value as PushPayload).url === 'string';

function readPayload(event: PushEvent): PushPayload | null {
  try {
    const data: unknown = event.data?.json();
    return isPayload(data) ? data : null;
  } catch {
    return null;
  }
}

/** Where a notification leads: a page of this worker's scope (an outside address is not followed). */
function targetOf(url: unknown): string {
  const scope = self.registration.scope;
  try {
    const target = new URL(typeof url === 'string' ? url : '', scope);
    return target.href.startsWith(scope) ? target.href : scope;
  } catch {
    return scope;
  }
}

export function registerPushHandlers(): void {
  self.addEventListener('push', (event) => {
    const payload = readPayload(event);
    // Not ours to read (nothing the server sends): the browser shows its own generic notice instead.
    if (!payload) return;
    const scope = new URL(self.registration.scope).pathname;
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        data: { url: targetOf(payload.url) },
        icon: `${scope}brand-icons/192.png`,
        // A newer reminder replaces one still on screen instead of piling up.
        tag: 'reminder',
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = targetOf((event.notification.data as { url?: unknown } | null)?.url);
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => client.url.startsWith(self.registration.scope));
        if (open) {
          const focused = await open.focus();
          // Only a window this worker controls can be navigated from here; another gets a new one.
          if (await focused.navigate(url).catch(() => null)) return;
        }
        await self.clients.openWindow(url);
      })(),
    );
  });
}
