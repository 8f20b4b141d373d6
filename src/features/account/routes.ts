import { type AnyRoute, createRoute, redirect } from '@tanstack/react-router';
import { withAreaCatalog } from '../../app/i18n';
import { ROUTE_PATHS } from '../../app/routeNames';
import { lazyAreaScreen, lazyScreen, page, stringParams } from '../../app/routing';

const screens = () => import('./screens');

export const accountRoutes = <TParent extends AnyRoute>(signedIn: TParent) =>
  [
    page(
      signedIn,
      'updateProfile',
      'auth',
      // The profile's error texts are in the account catalog (src/ui/profileFieldErrorTexts.ts).
      lazyAreaScreen('account', screens, 'ProfileCompletionScreen'),
    ),
    page(signedIn, 'delete', 'auth', lazyScreen(screens, 'DeleteAccountScreen'), {
      validateSearch: stringParams('from'),
    }),
    page(signedIn, 'points', 'auth', lazyAreaScreen('account', screens, 'PointsScreen')),
    page(signedIn, 'points-history', 'auth', lazyAreaScreen('account', screens, 'PointsHistoryScreen')),
    page(signedIn, 'userSettings', 'auth', lazyAreaScreen('account', screens, 'SettingsScreen'), {
      validateSearch: stringParams('changed'),
    }),
    page(
      signedIn,
      'settingsNotifications',
      'auth',
      lazyAreaScreen('account', screens, 'NotificationSettingsScreen'),
    ),
    page(signedIn, 'settingsReminders', 'auth', lazyAreaScreen('account', screens, 'RemindersScreen')),
    page(signedIn, 'settingsReminderNew', 'auth', lazyAreaScreen('account', screens, 'ReminderFormScreen')),
    page(
      signedIn,
      'settingsReminderUpdate',
      'auth',
      lazyAreaScreen('account', screens, 'ReminderFormScreen'),
    ),
    page(signedIn, 'userPassword', 'auth', lazyAreaScreen('account', screens, 'UserPasswordScreen')),
    page(signedIn, 'userEdit', 'auth', lazyAreaScreen('account', screens, 'ProfileScreen')),
    // The legacy singular path (shell spec route "userSetting") only leads to the settings.
    createRoute({
      getParentRoute: () => signedIn,
      path: ROUTE_PATHS.userSetting,
      beforeLoad: (): never => {
        throw redirect({ to: '/user/settings', replace: true });
      },
    }),
    page(
      signedIn,
      'downloads',
      'auth',
      // Its lessons are named with their parts (LessonSubtitle), whose texts are the learning catalog's.
      lazyAreaScreen(
        'account',
        withAreaCatalog('learning', () => import('../offline/DownloadsScreen')),
        'DownloadsScreen',
      ),
    ),
    page(
      signedIn,
      'downloadedLesson',
      'auth',
      // It plays the lesson in the learning area's player, whose texts are the learning catalog's.
      lazyAreaScreen('learning', () => import('../offline/DownloadedLessonScreen'), 'DownloadedLessonScreen'),
    ),
  ] as const;
