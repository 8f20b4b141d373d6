import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, type Page } from '@playwright/test';
import { brightpath } from '../../brands/brightpath';
import { kite } from '../../brands/kite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { APP, SECOND_BRAND_APP } from './support/helpers';
import { test as base, expect } from './support/test';

/**
 * A page in a profile of its own on disk. Playwright's usual contexts are off the record, and
 * Chromium never offers to install an app from an incognito window (`in-incognito`).
 */
const test = base.extend<{ profilePage: Page }>({
  profilePage: async ({ viewport }, use) => {
    const profileDir = mkdtempSync(join(tmpdir(), 'install-profile-'));
    const context = await chromium.launchPersistentContext(profileDir, {
      ...devices['Desktop Chrome'],
      viewport,
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    try {
      await use(context.pages()[0] ?? (await context.newPage()));
    } finally {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    }
  },
});

/**
 * What Chromium's DevTools protocol answers about the page's manifest (Page.getAppManifest): the
 * text it fetched and its parse of it. The parse carries no short name and no icon purposes, so
 * those are read from the text Chromium fetched.
 */
interface AppManifestAnswer {
  url: string;
  data: string;
  errors: { message: string; critical: number }[];
  manifest?: {
    id?: string;
    name?: string;
    startUrl?: string;
    scope?: string;
    display?: string;
    themeColor?: string;
    backgroundColor?: string;
    icons?: { url: string; sizes?: string; type?: string }[];
  };
}

interface InstallabilityAnswer {
  installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
}

/** Chromium reports manifest colours as `rgba(r,g,b,1)`. */
const chromiumColour = (hex: string) =>
  `rgba(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(',')},1)`;

const APPS = [
  { origin: APP, brand: brightpath, shortName: 'Brightpath' },
  { origin: SECOND_BRAND_APP, brand: kite, shortName: 'Kite School' },
].flatMap(({ origin, brand, shortName }) =>
  ['/v/', '/class/'].map((base) => ({
    origin,
    base,
    shortName,
    name: brand.assets.title,
    themeColor: chromiumColour(brand.assets.theme.primary),
    backgroundColor: chromiumColour(brand.assets.theme.background),
  })),
);

for (const app of APPS) {
  test(`${app.name} installs from ${app.base} on its own host without installability errors`, async ({
    profilePage: page,
  }) => {
    await page.goto(`${app.origin}${app.base}`);
    await expect(page).toHaveTitle(new RegExp(app.name));
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      `${app.base}manifest.webmanifest`,
    );
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      `${app.base}brand-icons/apple-touch-180.png`,
    );
    // Installable as the sign-in page is, before any worker: the worker comes with a sign-in
    // (tests/e2e/offline-app.spec.ts).

    const cdp = await page.context().newCDPSession(page);
    const answer = (await cdp.send('Page.getAppManifest')) as unknown as AppManifestAnswer;
    expect(answer.url).toBe(`${app.origin}${app.base}manifest.webmanifest`);
    expect(answer.errors).toEqual([]);
    expect(answer.manifest).toMatchObject({
      id: `${app.origin}${app.base}`,
      name: app.name,
      startUrl: `${app.origin}${app.base}`,
      scope: `${app.origin}${app.base}`,
      display: expect.stringMatching(/standalone/i),
      themeColor: app.themeColor,
      backgroundColor: app.backgroundColor,
    });
    const iconUrl = (file: string) => `${app.origin}${app.base}brand-icons/${file}`;
    expect(answer.manifest?.icons).toEqual([
      { url: iconUrl('192.png'), sizes: '192x192', type: 'image/png' },
      { url: iconUrl('512.png'), sizes: '512x512', type: 'image/png' },
      { url: iconUrl('maskable-512.png'), sizes: '512x512', type: 'image/png' },
    ]);
    const fetched = JSON.parse(answer.data) as { short_name: string; icons: { purpose: string }[] };
    expect(fetched.short_name).toBe(app.shortName);
    expect(fetched.icons.map((icon) => icon.purpose)).toEqual(['any', 'any', 'maskable']);

    // Chromium fetches every icon it may show: each must arrive as a PNG.
    for (const icon of answer.manifest?.icons ?? []) {
      const response = await page.request.get(icon.url);
      expect(response.status(), icon.url).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }

    const { installabilityErrors } = (await cdp.send(
      'Page.getInstallabilityErrors',
    )) as unknown as InstallabilityAnswer;
    expect(installabilityErrors).toEqual([]);
  });
}
