/**
 * The learning area's screens, imported by its routes through this one module: they share the
 * `learning` chunk (vite.config.ts) anyway, and one import in the start chunk instead of one per
 * route keeps the sign-in page lighter.
 */
export { CalendarScreen } from './calendar/CalendarScreen';
export { DayScreen } from './day/DayScreen';
export { MaterialsScreen } from './materials/MaterialsScreen';
export { MyCoursesScreen } from './myCourses/MyCoursesScreen';
