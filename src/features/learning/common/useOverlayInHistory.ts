import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { overlayEntryMachine } from '../../../../machines/shell/overlayEntry.machine';
import { recordTransitions } from '../../../app/transitionRecorder';

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
   * reload): open it. An overlay that cannot be opened from its URL alone leaves this out.
   */
  onNamed?: () => void;
  /** The page will not show the overlay its address names (once it knows): the name goes. */
  refused?: boolean;
  /**
   * Whether the page would show the overlay now, asked when the address comes to name it (Forward
   * onto its entry); absent, it would. One it would not is not opened, and its name goes.
   */
  offered?: () => boolean;
};

/**
 * Runs an overlay as an entry of the tab's history (machines/shell/overlayEntry.machine.ts says
 * how): tells the machine when the overlay shows and when the query names it, and carries out what
 * it decides on the router. Answers what the overlay's own controls call as they close it.
 */
export function useOverlayInHistory({
  shown,
  param,
  value,
  onBack,
  onNamed,
  refused,
  offered,
}: OverlayInHistory) {
  const router = useRouter();
  const navigate = useNavigate();
  const named = (useSearch({ strict: false }) as Record<string, unknown>)[param] !== undefined;
  const closeOverlay = useEffectEvent(onBack);
  const openOverlay = useEffectEvent(() => onNamed?.());
  const offeredNow = useEffectEvent(() => offered?.() ?? true);
  // Provided once: the router and the query's name stay; the page's callbacks are read when called.
  const [machine] = useState(() => {
    const address = (withName: boolean, replace: boolean) =>
      void navigate({
        to: '.',
        replace,
        search: (search: Record<string, unknown>) => {
          const { [param]: _named, ...rest } = search;
          return withName ? { ...rest, [param]: value } : rest;
        },
      });
    return overlayEntryMachine.provide({
      actions: {
        addEntry: () => address(true, false),
        dropFromAddress: () => address(false, true),
        takeEntryBack: () => router.history.back(),
        closeOverlay: () => closeOverlay(),
        openOverlay: () => openOverlay(),
      },
    });
  });
  const actor = useActorRef(machine, {
    input: { shown, named, openable: onNamed !== undefined },
    inspect: recordTransitions,
  });
  // The machine started with both facts; only their changes are news.
  const reported = useRef({ shown, named });
  useEffect(() => {
    if (reported.current.shown === shown) return;
    reported.current.shown = shown;
    actor.send({ type: shown ? 'OVERLAY.SHOWN' : 'OVERLAY.HIDDEN' });
  }, [actor, shown]);
  useEffect(() => {
    if (reported.current.named === named) return;
    reported.current.named = named;
    actor.send(named ? { type: 'ADDRESS.NAMED', offered: offeredNow() } : { type: 'ADDRESS.UNNAMED' });
  }, [actor, named]);
  useEffect(() => {
    if (refused) actor.send({ type: 'OVERLAY.REFUSED' });
  }, [actor, refused]);
  return () => actor.send({ type: 'OVERLAY.CLOSE' });
}
