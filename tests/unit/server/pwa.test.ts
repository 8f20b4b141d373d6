import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { BRANDS } from '../../../brands';
import { brightpath } from '../../../brands/brightpath';
import { BRAND_ICONS, brandIconSpec, brandIconStore, renderBrandIcon } from '../../../server/pwa/icons';
import { SHORT_NAME_MAX, shortName } from '../../../server/pwa/manifest';

const PUBLIC_DIR = join(import.meta.dirname, '../../../public');
/** A brand asset's URL path under /v/ is its file under public/ (the build copies public/ there). */
const publicFile = (urlPath: string) => join(PUBLIC_DIR, urlPath.replace(/^\/(v|class)\//, ''));

describe('shortName', () => {
  it.each([
    ['Kite School', 'Kite School'],
    ['Brightpath Academy', 'Brightpath'],
    ['Open Art School of Design', 'Open Art'],
    ['Supercalifragilistic Academy', 'Supercalifr…'],
  ])('makes %j into %j', (title, expected) => {
    expect(shortName(title)).toBe(expected);
    expect(shortName(title).length).toBeLessThanOrEqual(SHORT_NAME_MAX);
  });
});

describe('brand marks', () => {
  it('every brand has its icon mark and logo in public/, the mark square', async () => {
    for (const brand of BRANDS) {
      expect(existsSync(publicFile(brand.assets.logo)), brand.assets.logo).toBe(true);
      const mark = brand.assets.icon;
      expect(mark, brand.id).toBeDefined();
      const { width, height, format } = await sharp(readFileSync(publicFile(mark ?? ''))).metadata();
      expect({ format, square: width === height }, mark).toEqual({ format: 'svg', square: true });
    }
  });

  it('fits a wide logo into a square icon when a brand has no mark', async () => {
    const logo = readFileSync(publicFile(brightpath.assets.logo));
    const png = await renderBrandIcon(logo, BRAND_ICONS.maskable512, '#f5f7fb');
    const { width, height } = await sharp(png).metadata();
    expect({ width, height }).toEqual({ width: 512, height: 512 });
  });

  it('knows only the icon files it makes', () => {
    expect(brandIconSpec('512.png')).toBe(BRAND_ICONS.any512);
    expect(brandIconSpec('1024.png')).toBeUndefined();
    expect(brandIconSpec('')).toBeUndefined();
  });
});

describe('brandIconStore', () => {
  const distDir = mkdtempSync(join(tmpdir(), 'icons-dist-'));
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  it('draws an icon once, finds nothing before the build, and tries again once the mark is there', async () => {
    const store = brandIconStore(distDir);
    expect(await store.get(brightpath, BRAND_ICONS.any192)).toBeUndefined();

    const markFile = join(distDir, `.${brightpath.assets.icon}`);
    mkdirSync(join(markFile, '..'), { recursive: true });
    writeFileSync(markFile, readFileSync(publicFile(brightpath.assets.icon ?? '')));
    const first = await store.get(brightpath, BRAND_ICONS.any192);
    expect(first?.etag).toMatch(/^"[\w-]{32}"$/);
    expect(await store.get(brightpath, BRAND_ICONS.any192)).toBe(first);
  });

  it('never reads a mark from outside the built app', async () => {
    const escaping = { ...brightpath, assets: { ...brightpath.assets, icon: '/../../etc/passwd' } };
    await expect(brandIconStore(distDir).get(escaping, BRAND_ICONS.any192)).rejects.toThrow(
      /outside the built app/,
    );
  });
});
