import { defineConfig } from '@lingui/cli';

// English is the source language; ru and es are translated in full. Catalogs are .po files that the
// Vite plugin compiles on import, so only the active language's catalog is fetched at run time.
// The main catalog holds what the sign-in page shows and what any page may show (errors, the update
// prompt, the offline banner). The other pages, the learning area, the account pages and the cookie
// banner have catalogs of their own, loaded with their screens: their texts would otherwise ride
// along with the sign-in page.
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
  'src/ui/profileFieldErrorTexts.ts',
];

/**
 * The pages beyond sign-in (`pages`): the signed-in frame (header, menu, section links, the pages
 * later work builds) with the account prompts shown over it, the other guest pages, and what the
 * sign-in page opens on demand (the support form, the instruction's viewer, a social sign-in's
 * return). Loaded with the first of them.
 */
const PAGES = [
  'src/app/sectionTitles.ts',
  'src/features/shell/SignedInLayout.tsx',
  'src/features/offline/DownloadedLessonsLink.tsx',
  'src/features/shell/AccountMenu.tsx',
  'src/features/shell/SectionLinks.tsx',
  'src/features/shell/ClubChooser.tsx',
  'src/features/shell/NotBuiltYetPage.tsx',
  'src/features/account/EmailPromptDialog.tsx',
  'src/features/account/ProfileFields.tsx',
  'src/features/account/ProfileCompletionScreen.tsx',
  'src/features/account/DeleteAccountScreen.tsx',
  'src/features/auth/SignupScreen.tsx',
  'src/features/auth/AccessRecoveryScreen.tsx',
  'src/features/auth/PasswordResetForm.tsx',
  'src/features/auth/NewPasswordForm.tsx',
  'src/features/auth/PasswordChangeScreen.tsx',
  'src/features/auth/AutoLoginScreen.tsx',
  'src/features/auth/LogoutScreen.tsx',
  'src/features/auth/SocialLoginReturn.tsx',
  'src/features/auth/SupportForm.tsx',
  'src/ui/SupportMessageField.tsx',
  'src/ui/DocumentViewer.tsx',
];

/**
 * The learning area's catalog: its screens, and a downloaded lesson's page, which plays the lesson
 * in the learning area's player.
 */
const LEARNING = ['src/features/learning', 'src/features/offline/DownloadedLessonScreen.tsx'];

/** The cookie settings: the banner's dialog and the settings page, with the switches they share. */
const COOKIE_SETTINGS = [
  'src/features/consent/CookieSettingsDialog.tsx',
  'src/features/consent/CookieToggles.tsx',
  'src/features/consent/CookiePolicyScreen.tsx',
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
        '<rootDir>/src/features/offline/DownloadedLessonScreen.tsx',
        '<rootDir>/src/features/consent/**',
        ...[...ACCOUNT_PAGES, ...PAGES].map((path) => `<rootDir>/${path}`),
      ],
    },
    { path: '<rootDir>/locales/{locale}/pages', include: PAGES },
    { path: '<rootDir>/locales/{locale}/learning', include: LEARNING },
    { path: '<rootDir>/locales/{locale}/account', include: ACCOUNT_PAGES },
    // The cookie banner: loaded with the banner, never with the sign-in page itself.
    {
      path: '<rootDir>/locales/{locale}/consent',
      include: ['src/features/consent'],
      exclude: COOKIE_SETTINGS.map((path) => `<rootDir>/${path}`),
    },
    // Its settings (the banner's dialog, the settings page): loaded when they open.
    { path: '<rootDir>/locales/{locale}/cookie-settings', include: COOKIE_SETTINGS },
  ],
});
