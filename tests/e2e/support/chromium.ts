/**
 * Debian's Chromium builds (installed with apt, never downloaded) and the flags they need here: as
 * root they need --no-sandbox, and without the background-networking flags they keep dialling out
 * on a closed network. Shared by the e2e run and the benchmarks.
 */

/**
 * The browser a learner runs (package `chromium`): the benchmarks measure in it (Lighthouse expects
 * the full browser), and the e2e stories that need what only the full browser has use it, such as
 * showing a notification.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The same engine without the browser's windows and their UI (package `chromium-headless-shell`,
 * the build Playwright itself runs headless tests in). The e2e suite runs in it: the full browser
 * drew its UI and composited every frame in software as well, about a sixth of the suite's time.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
