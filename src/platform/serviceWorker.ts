import { Workbox } from 'workbox-window';
import { keepEarlyReads } from './earlyReads';
import { type Calls, quietCalls } from './quietCalls';

export type ServiceWorkerReports = {
  /** A new version's worker is installed and waits to take over. */
  onWaiting: () => void;
  /** A new worker controls the page (after the page asked it to take over). */
  onControlling: () => void;
};

export type ServiceWorkerControl = {
  /** Tells the waiting worker to take over. */
  activateWaiting: () => void;
  /** Stops the periodic update checks. */
  stop: () => void;
};

/** A deploy is noticed by a page left open for hours too, not only at the next navigation. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A tab shown again after being hidden this long asks for a new version at once: a learner coming
 * back to a tab left open hears of a deploy then, not at the next hourly check. A shorter absence (a
 * glance at another tab) asks nothing, so switching back and forth costs no requests.
 */
const SHOWN_CHECK_AFTER_HIDDEN_MS = 60 * 1000;

/** Once the page has loaded, so registering (and precaching) never competes with the first paint. */
const afterPageLoad = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

export type ServiceWorkerOptions = {
  /** The worker keeps read answers and serves downloads (the brand's `isOfflineEnable`). */
  offline: boolean;
  /** The headers of the session's calls now, for the reads made before the worker took over. */
  callHeaders: () => Readonly<Record<string, string>>;
  /** The app's calls, which must be quiet before the worker registers. */
  calls: Calls;
};

/**
 * How long the app's calls must have been quiet before the worker is registered, and how long it
 * waits for that at most (something that calls every few seconds must not keep the app without it).
 * A new worker downloads the whole app (precache) as it installs; registered at the page's load, that
 * ran beside the first screen's reads and drawing.
 */
const QUIET_BEFORE_WORKER_MS = 1_000;
const WORKER_WAITS_AT_MOST_MS = 10_000;

/**
 * Registers the app's service worker (`<base>sw.js`, scoped to the base) with workbox-window once the
 * page has loaded and the app's calls have been quiet for a second, checks for a new version every
 * hour and when the tab is shown again after a while away, and reports a waiting one. With `offline`, the first worker to take control of the page is
 * asked the reads made before it, to keep them.
 * Without service workers in the browser nothing happens, and the app simply runs online.
 */
export function watchServiceWorker(
  options: ServiceWorkerOptions,
  reports: ServiceWorkerReports,
): ServiceWorkerControl {
  let workbox: Workbox | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopWatchingShown: (() => void) | undefined;
  let stopped = false;
  // Offline a check fails; the next one (or the next navigation) will see the new version.
  const checkForUpdate = () => void workbox?.update().catch(() => {});
  if ('serviceWorker' in navigator) {
    void afterPageLoad()
      .then(() => quietCalls(options.calls, QUIET_BEFORE_WORKER_MS, WORKER_WAITS_AT_MOST_MS))
      .then(async () => {
        if (stopped) return;
        workbox = register(options, reports);
        timer = setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
        // Loaded after the page, like the worker: the sign-in page's first scripts stay as they are.
        const { watchPageShown } = await import('./pageVisibility');
        if (stopped) return;
        stopWatchingShown = watchPageShown((hiddenForMs) => {
          if (hiddenForMs >= SHOWN_CHECK_AFTER_HIDDEN_MS) checkForUpdate();
        });
      });
  }
  return {
    activateWaiting: () => workbox?.messageSkipWaiting(),
    stop: () => {
      stopped = true;
      clearInterval(timer);
      stopWatchingShown?.();
    },
  };
}

function register(options: ServiceWorkerOptions, reports: ServiceWorkerReports): Workbox {
  const url = `${import.meta.env.BASE_URL}sw.js${options.offline ? '?offline=1' : ''}`;
  const workbox = new Workbox(url, { scope: import.meta.env.BASE_URL });
  workbox.addEventListener('waiting', reports.onWaiting);
  workbox.addEventListener('controlling', (event) => {
    // `isUpdate`: the page had a controller when it registered. The first worker taking over a page
    // that had none is not an update, but the reads the page made before it were not kept.
    if (event.isUpdate) reports.onControlling();
    else if (options.offline) void keepEarlyReads(options.callHeaders());
  });
  void workbox
    .register()
    .then((registration) => {
      // A reload checks for a new worker before this page registers: one still installing then is
      // never announced by workbox-window (its `updatefound` has passed), so it is watched here.
      const installing = registration?.installing;
      if (!installing || !navigator.serviceWorker.controller) return;
      installing.addEventListener('statechange', () => {
        if (installing.state === 'installed') reports.onWaiting();
      });
    })
    // A browser that has service workers but refuses this page one (a private window, a policy)
    // fails the registration: the app runs online, as in a browser without them.
    .catch(() => {});
  return workbox;
}
