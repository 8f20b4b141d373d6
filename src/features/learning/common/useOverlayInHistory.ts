import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useRef } from 'react';

type OverlayInHistory = {
  /** Whether the overlay (a dialog, the document viewer) shows. */
  shown: boolean;
  /** The query parameter that names it in the page's URL, and its value there. */
  param: string;
  value: string;
  /** Back took the entry off while the overlay showed: close it. */
  onBack: () => void;
  /**
   * The query names the overlay while it does not show (Forward back onto its entry, a link, a
   * reload): open it where it can be. An overlay that cannot be opened from its URL alone leaves this
   * out: Forward then steps back off the entry, and an address that named it stops naming it, in place.
   */
  onNamed?: () => void;
};

/**
 * An overlay as an entry of the tab's history, so that the browser's Back (a phone's back gesture)
 * closes it instead of leaving the page under it. Shown from the page, it adds an entry whose query
 * names it (`param=value`). Answers what the overlay's own buttons do as they close it: take that
 * entry back off, so the next Back leaves the page as before; or, where the URL named it already (a
 * link, a reload), drop it from the query in place, so that a reload does not open it again.
 */
export function useOverlayInHistory({ shown, param, value, onBack, onNamed }: OverlayInHistory) {
  const router = useRouter();
  const navigate = useNavigate();
  const inQuery = (useSearch({ strict: false }) as Record<string, unknown>)[param] !== undefined;
  const added = useRef(false);
  const withQuery = (named: boolean) => (search: Record<string, unknown>) => {
    const { [param]: _named, ...rest } = search;
    return named ? { ...rest, [param]: value } : rest;
  };
  // Only showing adds the entry, not the query's own changes: the query is read, not watched.
  const add = useEffectEvent(() => {
    if (inQuery) return;
    added.current = true;
    void navigate({ to: '.', search: withQuery(true) });
  });
  useEffect(() => {
    if (shown) add();
  }, [shown]);
  // Whoever put the entry there (this page, Forward, the address), Back took it off: the overlay goes.
  const back = useEffectEvent(() => {
    if (inQuery) return;
    added.current = false;
    if (shown) onBack();
  });
  const arrived = useRef(true);
  const named = useEffectEvent(() => {
    if (shown) return;
    if (onNamed) onNamed();
    else if (arrived.current) void navigate({ to: '.', search: withQuery(false), replace: true });
    else router.history.back();
  });
  useEffect(() => {
    if (inQuery) named();
    else back();
    arrived.current = false;
  }, [inQuery]);
  return () => {
    if (added.current) {
      added.current = false;
      router.history.back();
    } else void navigate({ to: '.', search: withQuery(false), replace: true });
  };
}
