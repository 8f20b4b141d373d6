import { describe, expect, it } from 'vitest';
import { brightpath } from '../../../brands/brightpath';
import { parseBrand } from '../../../brands/schema';
import { brandIndexHtml } from '../../../server/static';

const built =
  '<!doctype html><html><head><title>Learning</title></head><body><div id="root"></div></body></html>';

describe('the brand in index.html', () => {
  it('carries the brand config as JSON the app parses back to the same brand', () => {
    const html = brandIndexHtml(built, brightpath, 'n0nce', '/v/');
    const json = /<script id="app-brand" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(parseBrand(JSON.parse(json ?? 'null'))).toEqual(brightpath);
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
  });
});
