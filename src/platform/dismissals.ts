import { safeLocalStorage } from './tokenStorage';

/**
 * Notices a learner has dismissed on this browser ("Got it"), under keys the caller names. Without
 * local storage a dismissal lasts as long as the page.
 */
export const dismissals = {
  has: (key: string): boolean => safeLocalStorage()?.getItem(key) === '1',
  add(key: string): void {
    try {
      safeLocalStorage()?.setItem(key, '1');
    } catch {
      // A full or refused storage: the notice comes back on the next visit, which is harmless.
    }
  },
};
