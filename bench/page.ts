import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';

/** The gzip size of every script a page loads until the network is idle, in KB. */
export async function pageJsGzipKb(url: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const scripts: Promise<number>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      scripts.push(res.body().then((b) => gzipSync(b, { level: 9 }).length));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const sizes = await Promise.all(scripts);
  await browser.close();
  return Number((sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(1));
}

/** Lighthouse's mobile performance score (0..1) of a page, in Debian's Chromium. */
export async function lighthousePerformance(url: string): Promise<number> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
    });
    return result?.lhr.categories.performance?.score ?? 0;
  } finally {
    await chrome.kill();
  }
}
