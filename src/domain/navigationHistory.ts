/**
 * Navigation history (content spec, section 2): the app remembers the last path visited in each
 * group of pages, so a section link of the menu brings the learner back where they were (the open
 * calendar, the chat they were in); a group never visited leads to its fallback. The spec's route
 * names are this app's: tasks are homework, the spec's /chats and /tasks fallbacks are /chat and
 * /homework, and the catalog is `home-catalog`.
 * The visits themselves are recorded by navigationVisits.ts; this module reads them for the menus.
 */
import type { NavigationHistory } from './navigationVisits';

export const MENU_SECTIONS = ['home', 'course', 'chat', 'task', 'catalog', 'profile'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/**
 * The route names each section's history keeps: the spec's, under this app's names. A course's
 * materials are not among them: "My courses" brings the learner back to the calendar or day.
 */
const SECTION_ROUTES: Readonly<Record<MenuSection, readonly string[]>> = {
  home: ['home'],
  course: ['home-courses', 'courses', 'calendar', 'day'],
  chat: ['chat', 'chats'],
  task: ['homework', 'homeworks'],
  catalog: ['home-catalog'],
  profile: ['user', 'userEdit', 'userSettings', 'userPassword', 'settingsNotifications', 'settingsReminders'],
};

/**
 * Where a section link leads before any page of it was visited. The profile's is the profile page,
 * not the spec's /user: its route table sends /user home, so "Profile" would open My courses.
 */
export const SECTION_FALLBACKS: Readonly<Record<MenuSection, string>> = {
  home: '/home',
  course: '/courses',
  chat: '/chat',
  task: '/homework',
  catalog: '/catalog',
  profile: '/user/edit',
};

/** Where the section's menu link leads: the last visited path of its group, else its fallback. */
export function sectionLink(history: NavigationHistory, section: MenuSection): string {
  let latest: { path: string; order: number } | undefined;
  for (const name of SECTION_ROUTES[section]) {
    const visit = history[name];
    if (visit && (!latest || visit.order > latest.order)) latest = visit;
  }
  return latest?.path ?? SECTION_FALLBACKS[section];
}
