/**
 * Debian's Chromium (installed with apt, never downloaded) and the flags it needs here: as root it
 * needs --no-sandbox, and without the background-networking flags it keeps dialling out on a
 * closed network. Shared by the e2e run and the benchmarks.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
