import type { AnyRoute } from '@tanstack/react-router';
import { lazyAreaScreen, page, stringParams } from '../../app/routing';

/**
 * The learning area's pages (content spec, section 2): my courses, the calendar (which the freeze
 * path and the old day path lead to, see the shell's redirects), the day and the materials. Every
 * screen is a lazy chunk with the area's catalog, so nothing of the area reaches the sign-in page.
 */
const screens = () => import('./screens');
const myCourses = lazyAreaScreen('learning', screens, 'MyCoursesScreen');

export const learningRoutes = <TParent extends AnyRoute>(signedIn: TParent) =>
  [
    page(signedIn, 'home', 'auth', myCourses),
    page(signedIn, 'home-courses', 'auth', myCourses),
    page(
      signedIn,
      'calendar',
      'auth',
      lazyAreaScreen('learning', screens, 'CalendarScreen'),
      // `dialog=freeze`: the freeze path's redirect; `dayId`: the old day path's.
      { validateSearch: stringParams('dialog', 'dayId') },
    ),
    page(signedIn, 'day', 'auth', lazyAreaScreen('learning', screens, 'DayScreen')),
    page(
      signedIn,
      'materials',
      'auth',
      lazyAreaScreen('learning', screens, 'MaterialsScreen'),
      // `viewer=open`: a document is open, an entry of its own that Back closes.
      { validateSearch: stringParams('viewer') },
    ),
  ] as const;
