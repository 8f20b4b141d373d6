import { safeLocalStorage } from './tokenStorage';

/** The id the push service knows this browser's user by; forgotten on logout. */
const PUSH_USER_ID_KEY = 'lp_push_user_id';

export function removePushUserId(): void {
  safeLocalStorage()?.removeItem(PUSH_USER_ID_KEY);
}
