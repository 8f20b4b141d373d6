import { describe, expect, it } from 'vitest';
import { brightpath } from '../../../brands/brightpath';
import { kite as kiteBrand } from '../../../brands/kite';
import { parseBrand } from '../../../brands/schema';
import { brandIndexHtml } from '../../../server/static';

const built =
  '<!doctype html><html><head><title>Learning</title></head><body><div id="root"></div></body></html>';
/** As the build writes it: a language, a description and an icon of its own. */
const generic =
  '<!doctype html><html lang="en"><head><meta name="description" content="Online courses" />' +
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml" /><title>Learning</title></head>' +
  '<body><div id="root"></div></body></html>';

describe('the brand in index.html', () => {
  it('carries the brand config as JSON the app parses back to the same brand', () => {
    const html = brandIndexHtml(built, brightpath, 'n0nce', '/v/');
    const json = /<script id="app-brand" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(parseBrand(JSON.parse(json ?? 'null'))).toEqual(brightpath);
  });

  it("reads in the app's start language, with the brand's icon instead of the build's", () => {
    const kite = brandIndexHtml(generic, kiteBrand, 'n0nce', '/v/');
    expect(kite).toContain('<html lang="ru">');
    expect(kite).toContain(
      '<meta name="description" content="Онлайн-курсы: уроки, домашние задания и поддержка экспертов.">',
    );
    expect(kite).not.toContain('favicon.svg');
    expect(kite.match(/<link rel="icon"[^>]*>/g)).toEqual([
      expect.stringMatching(/^<link rel="icon" type="image\/png" sizes="192x192" href="\/v\/[^"]+\.png">$/),
    ]);
    expect(kite.match(/name="description"/g)).toHaveLength(1);
    // A visitor's own choice on this browser wins over the brand's language.
    const chosen = brandIndexHtml(generic, kiteBrand, 'n0nce', '/v/', { language: 'en' });
    expect(chosen).toContain('<html lang="en">');
    expect(chosen).toContain('content="Online courses: lessons, homework and expert support."');
  });

  it("draws the brand's logo in the page's root until the app's first render", () => {
    const html = brandIndexHtml(built, brightpath, 'n0nce', '/v/');
    const root = /<div id="root">(.*?)<\/div><\/body>/.exec(html)?.[1] ?? '';
    const logo = /<img src="([^"]+)" alt="([^"]+)" width="160" height="40" fetchpriority="high">/.exec(root);
    expect(logo?.slice(1)).toEqual([brightpath.assets.logo, brightpath.assets.title]);
    expect(html).toContain('.app-splash{');
  });

  it("gives the build's inline styles the page's nonce, and leaves the brand's own as they are", () => {
    const withStyles = built.replace('</head>', '<style>.app{color:red}</style></head>');
    const html = brandIndexHtml(withStyles, brightpath, 'n0nce', '/v/');
    expect(html).toContain('<style nonce="n0nce">.app{color:red}</style>');
    expect(html.match(/<style nonce="n0nce">/g)).toHaveLength(2);
    expect(html).not.toContain('<style>');
  });

  it('cannot be closed early by a text of the brand', () => {
    const hostile = {
      ...brightpath,
      assets: { ...brightpath.assets, title: 'School </script><script>alert(1)</script> <!--' },
    };
    const html = brandIndexHtml(built, hostile, 'n0nce', '/v/');
    // One data element, one closing tag: the title stays inside the JSON.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script id="app-brand" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null').assets.title).toBe(hostile.assets.title);
    // In the splash the title is an attribute's text: no element of its own.
    expect(html).toContain(
      'alt="School &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#60;!--"',
    );
  });

  it("carries the cookie banner's start where one is given, as JSON a learner's data cannot break out of", () => {
    const start = (html: string) =>
      /<script id="consent-start" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(start(brandIndexHtml(built, brightpath, 'n0nce', '/v/'))).toBeUndefined();
    const given = {
      isEnabled: true as const,
      session: true,
      stored: { essential: true as const, analytics: false, marketing: true },
    };
    const html = brandIndexHtml(built, brightpath, 'n0nce', '/v/', { consentStart: given });
    expect(JSON.parse(start(html) ?? 'null')).toEqual(given);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });
});
