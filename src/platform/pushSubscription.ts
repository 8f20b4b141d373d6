/**
 * The browser's side of web push: the notification permission and this device's subscription with
 * the app's service worker (the one `serviceWorker.ts` registers at the base). Loaded with the screens
 * that offer push, never with the sign-in page.
 */

export type PushPermission = NotificationPermission | 'unsupported';

/** Whether this browser can take web push at all. */
export const pushSupported = (): boolean =>
  typeof Notification !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';

/**
 * The notification permission, from the Permissions API: reading `Notification.permission` asks the
 * browser synchronously, which held up the first signed-in page for tens of milliseconds on a slow
 * phone (the push prompt checks it as every signed-in page starts).
 */
export async function pushPermission(): Promise<PushPermission> {
  if (!pushSupported()) return 'unsupported';
  const status = await navigator.permissions?.query({ name: 'notifications' }).catch(() => null);
  if (!status) return Notification.permission;
  return status.state === 'prompt' ? 'default' : status.state;
}

/** This device's subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const bytesOfBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
};

/**
 * Asks the browser's permission (a no-op once it was given) and subscribes this device with the
 * server's key. 'denied' when the learner refused or the browser blocks notifications.
 */
export async function subscribeToPush(publicKey: string): Promise<PushSubscriptionJSON | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  // The worker is registered once a signed-in page has loaded; `ready` waits for it.
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: bytesOfBase64Url(publicKey),
  });
  return subscription.toJSON();
}
