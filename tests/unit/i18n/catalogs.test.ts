import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../brands';

/**
 * Catalogs of lingui.config.ts: the core one, the pages beyond sign-in, the learning area's and the
 * cookie settings', each loaded with its screens.
 */
const CATALOGS = ['messages', 'pages', 'learning', 'cookie-settings'] as const;

/** msgid → msgstr of a Lingui .po catalog (single-line entries, as `lingui extract` writes them). */
function readCatalog(language: string, catalog: (typeof CATALOGS)[number] = 'messages'): Map<string, string> {
  const text = readFileSync(`locales/${language}/${catalog}.po`, 'utf8');
  const entries = new Map<string, string>();
  for (const match of text.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
    const [, id = '', translation = ''] = match;
    if (id !== '') entries.set(id, translation);
  }
  return entries;
}

describe('message catalogs', () => {
  it('hold the interface messages', () => {
    const total = CATALOGS.reduce((count, name) => count + readCatalog('en', name).size, 0);
    expect(total).toBeGreaterThan(50);
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it.each(CATALOGS)(
      `${language} translates every message of the source's %s catalog, and nothing else`,
      (name) => {
        const catalog = readCatalog(language, name);
        expect([...catalog.keys()].sort()).toEqual([...readCatalog('en', name).keys()].sort());
        const untranslated = [...catalog]
          .filter(([, translation]) => translation.trim() === '')
          .map(([id]) => id);
        expect(untranslated).toEqual([]);
      },
    );
  }

  it('gives Russian plurals their one, few and many forms', () => {
    const plurals = CATALOGS.flatMap((name) => [...readCatalog('ru', name)]).filter(([id]) =>
      id.includes(', plural,'),
    );
    expect(plurals.length).toBeGreaterThan(0);
    for (const [, translation] of plurals) expect(translation).toMatch(/one \{.*few \{.*many \{/);
  });
});
