import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brightpath } from '../../brands/brightpath';
import { kite } from '../../brands/kite';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let distDir: string;

const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>Learning</title>
<link rel="manifest" href="/v/manifest.webmanifest"></head><body><div id="root"></div></body></html>`;
const BASES = ['/v/', '/class/'] as const;

// A built app as `npm run build` lays it out: both bases, each with the brands' files from public/.
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'dist-'));
  for (const base of BASES) {
    mkdirSync(join(distDir, base), { recursive: true });
    writeFileSync(join(distDir, base, 'index.html'), INDEX);
    cpSync(join(import.meta.dirname, '../../public/brands'), join(distDir, base, 'brands'), {
      recursive: true,
    });
  }
  server = await startTestServer({ distDir, seed: false });
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as the browser on a brand's host sends it (fetch does not allow setting Host). */
function getOnHost(path: string, host: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const req = request(
      { host: url.hostname, port: url.port, path, headers: { Host: host, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const hostOf = (brand: typeof brightpath) => `${brand.hosts[0]}:${new URL(server.url).port}`;

/** The RGBA of one pixel of a PNG. */
async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

describe.each([
  { brand: brightpath, shortName: 'Brightpath', description: 'Brightpath Academy: your courses and lessons' },
  { brand: kite, shortName: 'Kite School', description: 'Kite School: ваши курсы и уроки' },
])('the $brand.id app on its host', ({ brand, shortName, description }) => {
  describe.each(BASES)('under %s', (base) => {
    it('answers a manifest that installs this brand and base as its own app', async () => {
      const answer = await getOnHost(`${base}manifest.webmanifest`, hostOf(brand));
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toContain('application/manifest+json');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(answer.body.toString())).toEqual({
        id: base,
        name: brand.assets.title,
        short_name: shortName,
        description,
        lang: brand.assets.defaultLanguage,
        dir: 'ltr',
        start_url: base,
        scope: base,
        display: 'standalone',
        theme_color: brand.assets.theme.primary,
        background_color: brand.assets.theme.background,
        categories: ['education'],
        icons: [
          { src: `${base}brand-icons/192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: `${base}brand-icons/512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: `${base}brand-icons/maskable-512.png`,
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      });
    });

    it('serves every icon the manifest names as a PNG of the stated size, cached with an ETag', async () => {
      const manifest = JSON.parse(
        (await getOnHost(`${base}manifest.webmanifest`, hostOf(brand))).body.toString(),
      );
      for (const icon of manifest.icons as ManifestIcon[]) {
        const answer = await getOnHost(icon.src, hostOf(brand));
        expect(answer.status, icon.src).toBe(200);
        expect(answer.headers['content-type']).toBe('image/png');
        expect(answer.headers['cache-control']).toBe('public, max-age=86400');
        expect(answer.headers.etag).toMatch(/^"[\w-]{32}"$/);
        const { format, width, height } = await sharp(answer.body).metadata();
        expect({ format, size: `${width}x${height}` }, icon.src).toEqual({ format: 'png', size: icon.sizes });

        const again = await getOnHost(icon.src, hostOf(brand), {
          'If-None-Match': String(answer.headers.etag),
        });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
      }
    });

    it('draws the maskable icon on the brand background, the mark inside the safe zone', async () => {
      const { body } = await getOnHost(`${base}brand-icons/maskable-512.png`, hostOf(brand));
      const background = [...rgb(brand.assets.theme.background), 255];
      // The corners and the edge of the 80% circle are background; the centre is the mark.
      expect(await pixel(body, 0, 0)).toEqual(background);
      expect(await pixel(body, 511, 511)).toEqual(background);
      expect(await pixel(body, 256, Math.round(256 - 0.4 * 512) + 2)).toEqual(background);
      expect(await pixel(body, 256, 256)).not.toEqual(background);
    });

    it('leaves the corners of the plain icons transparent and the brand colour in the mark', async () => {
      const { body } = await getOnHost(`${base}brand-icons/512.png`, hostOf(brand));
      expect((await pixel(body, 0, 0))[3]).toBe(0);
      // (15, 26) of both marks' 40-unit box lies in their primary-coloured fill, clear of the white lines.
      expect(await pixel(body, 192, 333)).toEqual([...rgb(brand.assets.theme.primary), 255]);
    });

    it('answers 404 for a size it does not make', async () => {
      for (const file of ['256.png', 'maskable-192.png', '192.svg', '..%2f..%2fetc%2fpasswd']) {
        const answer = await getOnHost(`${base}brand-icons/${file}`, hostOf(brand));
        expect(answer.status, file).toBe(404);
      }
    });

    it('links the manifest of this base and an opaque home-screen icon for iOS from the page', async () => {
      const page = (await getOnHost(`${base}home`, hostOf(brand), { Accept: 'text/html' })).body.toString();
      expect(page.match(/rel="manifest"/g)).toHaveLength(1);
      expect(page).toContain(`<link rel="manifest" href="${base}manifest.webmanifest">`);
      expect(page).toContain(`<link rel="apple-touch-icon" href="${base}brand-icons/apple-touch-180.png">`);
      expect(page).toContain(`<meta name="theme-color" content="${brand.assets.theme.primary}">`);
      const touch = await getOnHost(`${base}brand-icons/apple-touch-180.png`, hostOf(brand));
      const { width, height, format } = await sharp(touch.body).metadata();
      expect({ width, height, format }).toEqual({ width: 180, height: 180, format: 'png' });
      expect(await pixel(touch.body, 0, 0)).toEqual([...rgb(brand.assets.theme.background), 255]);
    });
  });
});

describe('icons across brands and bases', () => {
  it('follows the app id a native shell sends over the host name', async () => {
    const answer = await getOnHost('/v/manifest.webmanifest', hostOf(brightpath), { 'X-App-Id': kite.appId });
    expect(JSON.parse(answer.body.toString()).name).toBe(kite.assets.title);
  });

  it('draws each brand its own icons, the same under both bases', async () => {
    const etag = async (brand: typeof brightpath, base: string) =>
      (await getOnHost(`${base}brand-icons/512.png`, hostOf(brand))).headers.etag;
    expect(await etag(brightpath, '/v/')).toBe(await etag(brightpath, '/class/'));
    expect(await etag(kite, '/v/')).toBe(await etag(kite, '/class/'));
    expect(await etag(brightpath, '/v/')).not.toBe(await etag(kite, '/v/'));
  });
});
