/** What a wait for quiet calls reads of the API client (src/api/client.ts). */
export type Calls = { settled(): Promise<void> };

const after = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Whether no call is under way now: the client's settled() is resolved already then. */
const settledNow = (calls: Calls) =>
  Promise.race([calls.settled().then(() => true), after(0).then(() => false)]);

/**
 * Resolves once no call has been under way for `forMs`, or after `atMostMs` whatever the calls do:
 * work that can wait (the service worker's first download of the app) then leaves the network and
 * the main thread to a screen's reads, which come in steps with short gaps between them. A call that
 * began and ended within the quiet time shows in the browser's resource entries (any request does,
 * a script or an image too). Not in the client: the sign-in page's script carries the client.
 */
export async function quietCalls(calls: Calls, forMs: number, atMostMs: number): Promise<void> {
  const deadline = Date.now() + atMostMs;
  let finished = 0;
  const requests = new PerformanceObserver((list) => {
    finished += list.getEntries().length;
  });
  requests.observe({ type: 'resource' });
  try {
    for (;;) {
      await Promise.race([calls.settled(), after(deadline - Date.now())]);
      const finishedBefore = finished;
      await after(Math.min(forMs, deadline - Date.now()));
      if (Date.now() >= deadline || (finished === finishedBefore && (await settledNow(calls)))) return;
    }
  } finally {
    requests.disconnect();
  }
}
