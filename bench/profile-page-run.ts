// `npx tsx bench/profile-page-run.ts`: the profile page's Lighthouse score and the sign-in page's JS
// (with the cookie banner) alone, against a fresh server on the built app (the full `npm run bench` takes them too).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withServerProcess } from '../tests/e2e/support/server-process';
import { signIn } from './load';
import { lighthouseMedian, pageJsGzipKb } from './page';

const DEMO_LEARNER = { email: 'learner@example.com', password: 'learner-demo' };

const server = {
  dataDir: mkdtempSync(join(tmpdir(), 'bench-profile-pglite-')),
  mediaDir: mkdtempSync(join(tmpdir(), 'bench-profile-media-')),
};
const figures = await withServerProcess(18191, server, async (origin) => {
  const brandOrigin = origin.replace('127.0.0.1', 'localhost');
  const session = { origin: brandOrigin, token: await signIn(origin, DEMO_LEARNER) };
  // The sign-in page with the cookie banner (the first brand asks for consent): the budgeted one.
  const signInJsGzipKb = await pageJsGzipKb(`${brandOrigin}/v/`);
  const profileLighthouse = await lighthouseMedian(`${brandOrigin}/v/user/edit`, session);
  return { signInJsGzipKb, profileLighthouse };
});
console.log(JSON.stringify(figures, null, 2));
