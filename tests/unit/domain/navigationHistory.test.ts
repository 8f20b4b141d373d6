import { describe, expect, it } from 'vitest';
import { MENU_SECTIONS, SECTION_FALLBACKS, sectionLink } from '../../../src/domain/navigationHistory';
import { EMPTY_HISTORY, type NavigationHistory, recordVisit } from '../../../src/domain/navigationVisits';

/** The history after visiting these pages in order. */
const visited = (...visits: [routeName: string, path: string][]): NavigationHistory =>
  visits.reduce<NavigationHistory>(
    (history, [name, path], index) => recordVisit(history, name, path, index + 1),
    EMPTY_HISTORY,
  );

describe('navigation history', () => {
  it('leads each section to a page of its own before any visit: the profile to the profile page', () => {
    expect(MENU_SECTIONS.map((section) => sectionLink(EMPTY_HISTORY, section))).toEqual([
      '/home',
      '/courses',
      '/chat',
      '/homework',
      '/catalog',
      // Not the spec's /user: its route table sends /user home, so "Profile" would open My courses.
      '/user/edit',
    ]);
  });

  it('groups the routes the spec keeps', () => {
    /** The section whose link leads to this route's page once it is the only visit. */
    const sectionOf = (routeName: string) =>
      MENU_SECTIONS.find(
        (section) =>
          sectionLink(visited([routeName, `/visited-${routeName}`]), section) === `/visited-${routeName}`,
      ) ?? null;
    expect(['home-courses', 'courses', 'calendar', 'day'].map(sectionOf)).toEqual(Array(4).fill('course'));
    // Not kept by the spec's history: the course link does not lead back to a course's materials.
    expect(sectionOf('materials')).toBeNull();
    expect(['chat', 'chats'].map(sectionOf)).toEqual(['chat', 'chat']);
    expect(['homework', 'homeworks'].map(sectionOf)).toEqual(['task', 'task']);
    expect(
      ['user', 'userEdit', 'userSettings', 'userPassword', 'settingsNotifications', 'settingsReminders'].map(
        sectionOf,
      ),
    ).toEqual(Array(6).fill('profile'));
    expect(sectionOf('logout')).toBeNull();
    expect(sectionOf('login')).toBeNull();
  });

  it('leads a section link to the last visited path of its group', () => {
    const history = visited(
      ['calendar', '/course/5/calendar'],
      ['day', '/course/5/calendar/3'],
      ['chat', '/chat/9'],
      ['logout', '/logout'],
    );
    expect(sectionLink(history, 'course')).toBe('/course/5/calendar/3');
    expect(sectionLink(history, 'chat')).toBe('/chat/9');
    expect(sectionLink(history, 'profile')).toBe(SECTION_FALLBACKS.profile);
  });

  it('follows the latest visit, also back to a page visited before', () => {
    const history = visited(
      ['calendar', '/course/5/calendar'],
      ['day', '/course/5/calendar/3'],
      ['calendar', '/course/5/calendar'],
    );
    expect(sectionLink(history, 'course')).toBe('/course/5/calendar');
    // A course's materials opened last still leave the link on the calendar.
    const materialsLast = visited(['calendar', '/course/5/calendar'], ['materials', '/course/5/materials']);
    expect(sectionLink(materialsLast, 'course')).toBe('/course/5/calendar');
    expect(sectionLink(visited(['user', '/user'], ['userEdit', '/user/edit?from=menu']), 'profile')).toBe(
      '/user/edit?from=menu',
    );
  });
});
