import { useLocation } from '@tanstack/react-router';

declare module '@tanstack/history' {
  interface HistoryState {
    /**
     * The e-mail the learner had typed when they asked to recover access (sign-in's "Forgot your
     * password?" and "Restore password", a refused reset link's "Request a new link"). It rides in
     * the history entry rather than the address, so it is kept on reload and never logged or shared.
     */
    email?: string;
  }
}

/** The e-mail the page was opened with (history state), or an empty string. */
export const useRecoveryEmail = (): string =>
  useLocation({ select: (location) => location.state.email ?? '' });
