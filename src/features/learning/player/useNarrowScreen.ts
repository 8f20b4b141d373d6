import { useSyncExternalStore } from 'react';

/** The layout's mobile breakpoint: below it lessons play their vertical video. */
const NARROW_QUERY = '(max-width: 827px)';

const mediaQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null);

function subscribe(onChange: () => void) {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the screen is narrower than the 828 px breakpoint now. */
export const isNarrowScreen = (): boolean => mediaQuery()?.matches ?? false;

/** Whether the screen is narrower than the 828 px breakpoint, following resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrowScreen);
}
