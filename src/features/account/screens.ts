/**
 * The account area's screens, imported by its routes through this one module: they share the
 * `account` chunk (vite.config.ts) anyway, and one import in the start chunk instead of one per
 * route keeps the sign-in page lighter.
 */
export { DeleteAccountScreen } from './DeleteAccountScreen';
export { NotificationSettingsScreen } from './notifications/NotificationSettingsScreen';
export { ProfileCompletionScreen } from './ProfileCompletionScreen';
export { PointsHistoryScreen } from './points/PointsHistoryScreen';
export { PointsScreen } from './points/PointsScreen';
export { ProfileScreen } from './profile/ProfileScreen';
export { ReminderFormScreen } from './reminders/ReminderFormScreen';
export { RemindersScreen } from './reminders/RemindersScreen';
export { SettingsScreen } from './SettingsScreen';
export { UserPasswordScreen } from './UserPasswordScreen';
