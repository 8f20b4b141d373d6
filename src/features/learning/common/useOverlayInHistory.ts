import { useRouter } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useRef } from 'react';

type OverlayInHistory = {
  /** Whether the overlay (a dialog, the document viewer) shows. */
  shown: boolean;
  /** Whether the page's URL names it (its query). */
  inQuery: boolean;
  /** Adds the entry that names it (a navigation that pushes). */
  addEntry: () => void;
  /** Drops it from the URL in place (a navigation that replaces). */
  dropFromQuery: () => void;
  /** Back took the entry off while the overlay showed: close it. */
  onBack: () => void;
};

/**
 * An overlay as an entry of the tab's history, so that the browser's Back (a phone's back gesture)
 * closes it instead of leaving the page under it. Shown from the page, it adds an entry that names it
 * in the URL. Answers what the overlay's own buttons do as they close it: take that entry back off,
 * so the next Back leaves the page as before; or, where the URL named it already (a link, a reload),
 * drop it from the query in place, so that a reload does not open it again.
 */
export function useOverlayInHistory({ shown, inQuery, addEntry, dropFromQuery, onBack }: OverlayInHistory) {
  const router = useRouter();
  const added = useRef(false);
  // Only showing adds the entry, not the query's own changes: the query is read, not watched.
  const add = useEffectEvent(() => {
    if (inQuery) return;
    added.current = true;
    addEntry();
  });
  useEffect(() => {
    if (shown) add();
  }, [shown]);
  const back = useEffectEvent(() => {
    if (inQuery || !added.current) return;
    added.current = false;
    if (shown) onBack();
  });
  useEffect(() => {
    if (!inQuery) back();
  }, [inQuery]);
  return () => {
    if (!added.current) return dropFromQuery();
    added.current = false;
    router.history.back();
  };
}
