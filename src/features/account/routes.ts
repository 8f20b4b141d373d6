import { type AnyRoute, createRoute, redirect } from '@tanstack/react-router';
import { ROUTE_PATHS } from '../../app/routeNames';
import { lazyAreaScreen, lazyScreen, page, stringParams } from '../../app/routing';

export const accountRoutes = <TParent extends AnyRoute>(signedIn: TParent) =>
  [
    page(
      signedIn,
      'updateProfile',
      'auth',
      // The profile's error texts are in the account catalog (src/ui/profileFieldErrorTexts.ts).
      lazyAreaScreen('account', () => import('./ProfileCompletionScreen'), 'ProfileCompletionScreen'),
    ),
    page(
      signedIn,
      'delete',
      'auth',
      lazyScreen(() => import('./DeleteAccountScreen'), 'DeleteAccountScreen'),
      {
        validateSearch: stringParams('from'),
      },
    ),
    page(
      signedIn,
      'points',
      'auth',
      lazyAreaScreen('account', () => import('./points/PointsScreen'), 'PointsScreen'),
    ),
    page(
      signedIn,
      'points-history',
      'auth',
      lazyAreaScreen('account', () => import('./points/PointsHistoryScreen'), 'PointsHistoryScreen'),
    ),
    page(
      signedIn,
      'userSettings',
      'auth',
      lazyAreaScreen('account', () => import('./SettingsScreen'), 'SettingsScreen'),
      { validateSearch: stringParams('changed') },
    ),
    page(
      signedIn,
      'settingsNotifications',
      'auth',
      lazyAreaScreen(
        'account',
        () => import('./notifications/NotificationSettingsScreen'),
        'NotificationSettingsScreen',
      ),
    ),
    page(
      signedIn,
      'settingsReminders',
      'auth',
      lazyAreaScreen('account', () => import('./reminders/RemindersScreen'), 'RemindersScreen'),
    ),
    page(
      signedIn,
      'settingsReminderNew',
      'auth',
      lazyAreaScreen('account', () => import('./reminders/ReminderFormScreen'), 'ReminderFormScreen'),
    ),
    page(
      signedIn,
      'settingsReminderUpdate',
      'auth',
      lazyAreaScreen('account', () => import('./reminders/ReminderFormScreen'), 'ReminderFormScreen'),
    ),
    page(
      signedIn,
      'userPassword',
      'auth',
      lazyAreaScreen('account', () => import('./UserPasswordScreen'), 'UserPasswordScreen'),
    ),
    page(
      signedIn,
      'userEdit',
      'auth',
      lazyAreaScreen('account', () => import('./profile/ProfileScreen'), 'ProfileScreen'),
    ),
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
      lazyAreaScreen('account', () => import('../offline/DownloadsScreen'), 'DownloadsScreen'),
    ),
  ] as const;
