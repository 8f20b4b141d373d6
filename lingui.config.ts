import { defineConfig } from '@lingui/cli';

// English is the source language; ru and es are translated in full. Catalogs are .po files that the
// Vite plugin compiles on import, so only the active language's catalog is fetched at run time.
// The learning area and the account pages have catalogs of their own, loaded with their screens:
// their texts would otherwise ride along with the sign-in page.
/** The account pages reached from the menu (not the prompts the signed-in frame shows at once). */
const ACCOUNT_PAGES = [
  'src/features/account/points/**',
  'src/features/account/profile/**',
  'src/features/account/SettingsScreen.tsx',
  'src/features/account/LanguageChangeDialog.tsx',
  'src/features/account/UserPasswordScreen.tsx',
  'src/features/account/notifications/**',
  'src/features/account/reminders/**',
  'src/features/offline/DownloadsScreen.tsx',
  'src/features/support/**',
  'src/features/social/**',
  'src/features/registration/**',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ru', 'es'],
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      exclude: [
        '<rootDir>/src/features/learning/**',
        '<rootDir>/src/features/consent/**',
        ...ACCOUNT_PAGES.map((path) => `<rootDir>/${path}`),
      ],
    },
    { path: '<rootDir>/locales/{locale}/learning', include: ['src/features/learning'] },
    { path: '<rootDir>/locales/{locale}/account', include: ACCOUNT_PAGES },
    // The cookie banner and its settings: loaded with the banner, never with the sign-in page itself.
    { path: '<rootDir>/locales/{locale}/consent', include: ['src/features/consent'] },
  ],
});
