import { defineConfig } from '@lingui/cli';

// English is the source language; ru and es are translated in full. Catalogs are .po files that the
// Vite plugin compiles on import, so only the active language's catalog is fetched at run time.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ru', 'es'],
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src'] }],
});
