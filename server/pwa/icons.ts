import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import sharp from 'sharp';
import type { BrandConfig } from '../../brands/index';

/**
 * One PNG the server draws from the brand's mark. `markShare` is the side of the square the mark is
 * fitted into, as a share of the icon's side; `onBackground` fills the rest with the brand's
 * background colour (an opaque tile) instead of leaving it transparent.
 */
export interface BrandIconSpec {
  file: string;
  size: number;
  markShare: number;
  onBackground: boolean;
}

/**
 * A maskable icon is cut to any shape that contains the centred circle of 80% of its side (the
 * manifest spec's safe zone), so the mark's square must fit inside that circle: its side is
 * 80% / √2 ≈ 57% of the icon.
 */
export const MASKABLE_SAFE_SHARE = 0.8 / Math.SQRT2;

/** The manifest's icons (any 192 and 512, maskable 512) and the home-screen icon iOS reads. */
export const BRAND_ICONS = {
  any192: { file: '192.png', size: 192, markShare: 1, onBackground: false },
  any512: { file: '512.png', size: 512, markShare: 1, onBackground: false },
  maskable512: { file: 'maskable-512.png', size: 512, markShare: MASKABLE_SAFE_SHARE, onBackground: true },
  // iOS fills transparent pixels with black and rounds the corners itself: an opaque tile with a
  // margin the rounding cannot reach, at the 180 px the current iPhones ask for.
  appleTouch: { file: 'apple-touch-180.png', size: 180, markShare: 0.75, onBackground: true },
} as const satisfies Record<string, BrandIconSpec>;

/** The icons' folder under an app base; the routes serve it from the brand's own host. */
export const BRAND_ICONS_FOLDER = 'brand-icons';

/** Where an icon is served under an app base (`/v/` or `/class/`). */
export function brandIconUrl(base: string, icon: BrandIconSpec): string {
  return `${base}${BRAND_ICONS_FOLDER}/${icon.file}`;
}

const ICON_BY_FILE = new Map<string, BrandIconSpec>(
  Object.values(BRAND_ICONS).map((icon) => [icon.file, icon]),
);

/** The icon a file name under `brand-icons/` names, or undefined for any other name (a 404). */
export function brandIconSpec(file: string): BrandIconSpec | undefined {
  return ICON_BY_FILE.get(file);
}

export interface RenderedIcon {
  png: Uint8Array<ArrayBuffer>;
  /** A strong validator: the PNG's own hash, so it changes exactly when the picture does. */
  etag: string;
}

/** librsvg draws an SVG at 72 dpi unless told otherwise. */
const SVG_DEFAULT_DENSITY = 72;

/** Draws one icon from an SVG mark: never a small bitmap scaled up, so edges stay sharp at 512 px. */
export async function renderBrandIcon(svg: Buffer, icon: BrandIconSpec, background: string): Promise<Buffer> {
  const markSide = Math.round(icon.size * icon.markShare);
  const { width = markSide, height = markSide } = await sharp(svg).metadata();
  const density = Math.ceil((SVG_DEFAULT_DENSITY * markSide) / Math.max(width, height));
  const mark = sharp(svg, { density }).resize(markSide, markSide, {
    fit: 'contain',
    background: { r: 0, g: 0, b: 0, alpha: 0 },
  });
  if (!icon.onBackground && markSide === icon.size) return mark.png().toBuffer();
  return sharp({
    create: {
      width: icon.size,
      height: icon.size,
      channels: 4,
      background: icon.onBackground ? background : { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([{ input: await mark.png().toBuffer(), gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** Where a brand asset's URL path (`/v/brands/kite/icon.svg`) lies in the built app; never outside it. */
function builtAssetFile(distDir: string, urlPath: string): string {
  const root = resolve(distDir);
  const file = resolve(root, `.${urlPath}`);
  if (!file.startsWith(root + sep)) throw new Error(`brand asset ${urlPath} lies outside the built app`);
  return file;
}

/** Reads a file, or undefined when it is not there (the app not built yet). */
async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Draws each brand's icons on first request and keeps them in memory: a handful of small PNGs per
 * brand, and sharp's work is done once per brand and size. The mark is read from the built app, the
 * same file the brand's pages show. An icon whose mark is missing (undefined: the app is not built
 * yet) or whose drawing failed is not kept, so the next request tries again.
 */
export function brandIconStore(distDir: string) {
  const drawn = new Map<string, Promise<RenderedIcon | undefined>>();

  async function draw(brand: BrandConfig, icon: BrandIconSpec): Promise<RenderedIcon | undefined> {
    const svg = await readIfPresent(builtAssetFile(distDir, brand.assets.icon ?? brand.assets.logo));
    if (!svg) return undefined;
    // A plain copy: a Buffer may be a view into Node's shared pool, which an answer body must not expose.
    const png = new Uint8Array(await renderBrandIcon(svg, icon, brand.assets.theme.background));
    return { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 32)}"` };
  }

  return {
    get(brand: BrandConfig, icon: BrandIconSpec): Promise<RenderedIcon | undefined> {
      const key = `${brand.id}/${icon.file}`;
      const kept = drawn.get(key);
      if (kept) return kept;
      const pending = draw(brand, icon);
      drawn.set(key, pending);
      pending.then(
        (rendered) => rendered ?? drawn.delete(key),
        () => drawn.delete(key),
      );
      return pending;
    },
  };
}

export type BrandIconStore = ReturnType<typeof brandIconStore>;
