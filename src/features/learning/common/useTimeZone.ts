import { useSession } from '../../../app/hooks';

/**
 * The learner's time zone (their profile's, else the browser's), in which the learning screens show
 * dates and count calendar days.
 */
export function useTimeZone(): string | null {
  return useSession((snapshot) => snapshot.context.user?.timezone ?? null);
}
