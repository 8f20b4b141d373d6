/**
 * Route names of the shell spec's route table (section 2) and the other spec's section 2, with the
 * path each name opens (used for the guard's redirects).
 */
export const ROUTE_PATHS = {
  login: '/',
  signup: '/signup',
  /** The registration chat (docs/REGISTRATION_CHAT.md): guests and learners who have not finished it. */
  registrationChat: '/welcome',
  'auto-login': '/auto-login',
  accessRecovery: '/reset',
  resetPassword: '/resetPassword',
  updateProfile: '/updateProfile',
  linkSocialNetworks: '/linksocialnetworks',
  socialNetworks: '/user/social-networks',
  userPassword: '/user/settings/password',
  settingsNotifications: '/user/settings/notifications',
  settingsReminders: '/user/settings/reminders',
  settingsReminderNew: '/user/settings/reminders/new',
  settingsReminderUpdate: '/user/settings/reminders/$id',
  userEdit: '/user/edit',
  userSettings: '/user/settings',
  settingsCookiePolicy: '/user/settings/cookie',
  userPaymentMethods: '/user/settings/user-payment-methods',
  subscriptions: '/user/subscriptions',
  installments: '/user/installments',
  subscription: '/user/subscription/$id',
  user: '/user',
  userSetting: '/user/setting',
  delete: '/delete',
  logout: '/logout',
  home: '/home',
  'home-courses': '/courses',
  'home-events': '/events',
  'home-catalog': '/catalog',
  courses: '/course',
  calendar: '/course/$streamId/calendar',
  courseFreeze: '/course/$streamId/freeze',
  day: '/course/$streamId/calendar/$dayNumber',
  materials: '/course/$streamId/materials',
  homeworks: '/homework',
  homework: '/homework/$streamId/$homeworkId',
  chats: '/chat',
  chat: '/chat/$chatId',
  videoconsultations: '/videoconsultations',
  videoconsultation: '/videoconsultations/$id',
  support: '/support',
  supportCategory: '/support/$categoryId',
  supportCategoryStream: '/support/$categoryId/$streamId',
  banners: '/banners',
  points: '/user/points',
  'points-history': '/user/points/history',
  downloads: '/user/downloads',
  downloadedLesson: '/user/downloads/$lessonId',
} as const;

export type AppRouteName = keyof typeof ROUTE_PATHS;

export function isAppRouteName(name: string): name is AppRouteName {
  return Object.hasOwn(ROUTE_PATHS, name);
}

/** The route name whose path is `path` (the brand's home page is configured as a path). */
export function routeNameOfPath(path: string): AppRouteName | undefined {
  return (Object.keys(ROUTE_PATHS) as AppRouteName[]).find((name) => ROUTE_PATHS[name] === path);
}
