import { safeLocalStorage } from './tokenStorage';

/** The id the push service knows this browser's user by; forgotten on logout. */
const PUSH_USER_ID_KEY = 'lp_push_user_id';

/**
 * Logout: forgets the id and unsubscribes this device from push (the server has already deleted the
 * session's subscriptions; this makes the browser drop it too, so the next learner here starts clean).
 */
export function removePushUserId(): void {
  safeLocalStorage()?.removeItem(PUSH_USER_ID_KEY);
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration(import.meta.env.BASE_URL)
    .then((registration) => registration?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}
