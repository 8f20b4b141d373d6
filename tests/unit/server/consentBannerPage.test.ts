import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../brands/schema';
import {
  BANNER_SOURCE_TEXTS,
  consentBannerHtml,
  consentCatalogFile,
} from '../../../server/consent-banner-page';
import { readPoCatalog } from '../../../server/infra/po-catalog';

describe('the cookie banner the server paints in a page', () => {
  it('finds each of its texts in every language of the consent catalog, as the app writes them', () => {
    for (const language of LANGUAGES) {
      const catalog = readPoCatalog(consentCatalogFile(language));
      for (const source of BANNER_SOURCE_TEXTS) expect(catalog.has(source)).toBe(true);
    }
  });

  it('writes the translations, the policy link escaped, and buttons that wait for the app', () => {
    const html = consentBannerHtml('es', '/v/docs/cookies.html?a=1&b="2"');
    expect(html.startsWith('<div class="consent-host" id="consent-host"><section lang="es" ')).toBe(true);
    expect(html).toContain('>Usamos cookies</h2>');
    expect(html).toContain('href="/v/docs/cookies.html?a=1&amp;b=&quot;2&quot;"');
    expect(html.match(/ disabled=""/g)).toHaveLength(3);
    // Without a policy link there is no link.
    expect(consentBannerHtml('en')).not.toContain('<a ');
  });
});

describe('a .po catalog', () => {
  it('reads entries on one line or continued, with their escapes, a missing translation as its source', () => {
    const dir = mkdtempSync(join(tmpdir(), 'po-'));
    try {
      const file = join(dir, 'x.po');
      writeFileSync(
        file,
        [
          'msgid ""',
          'msgstr ""',
          '"Language: ru\\n"',
          '',
          '#: a.tsx:1',
          'msgid "Say \\"hi\\""',
          'msgstr "Скажи \\"привет\\""',
          '',
          'msgid ""',
          '"Two "',
          '"lines"',
          'msgstr ""',
          '"Две "',
          '"строки"',
          '',
          'msgid "Untranslated"',
          'msgstr ""',
        ].join('\n'),
      );
      expect([...readPoCatalog(file)]).toEqual([
        ['Say "hi"', 'Скажи "привет"'],
        ['Two lines', 'Две строки'],
        ['Untranslated', 'Untranslated'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
