/**
 * "Try again" pressed anywhere on the screen: every part of it whose load failed asks again, the
 * app's own data (the signed-in frame's "Failed to load your data.") and the page's. A failure that
 * showed in two places came from one cause (the server or the network), so one retry is meant for
 * both.
 */
const listeners = new Set<() => void>();

/** Calls `listener` on each retry asked for; returns the function that stops it. */
export function onRetryRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function requestRetry(): void {
  for (const listener of [...listeners]) listener();
}
