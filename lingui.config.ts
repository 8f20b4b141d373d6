import { defineConfig } from '@lingui/cli';

// English is the source language; ru and es are translated in full. Catalogs are .po files that the
// Vite plugin compiles on import, so only the active language's catalog is fetched at run time.
// The learning area has a catalog of its own, loaded with its screens: its texts would otherwise
// ride along with the sign-in page.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ru', 'es'],
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      exclude: ['<rootDir>/src/features/learning/**'],
    },
    { path: '<rootDir>/locales/{locale}/learning', include: ['src/features/learning'] },
  ],
});
