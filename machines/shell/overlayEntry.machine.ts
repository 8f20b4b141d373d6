/**
 * An overlay (the freeze dialog, the document viewer) as an entry of the tab's history, so that the
 * browser's Back (a phone's back gesture) closes it instead of leaving the page under it. The page's
 * address names the overlay with a query parameter (`?dialog=freeze`, `?viewer=open`).
 * - Shown from the page, the overlay adds an entry whose address names it (`addEntry`).
 * - Back takes the entry off while the overlay shows (ADDRESS.UNNAMED): it closes (`closeOverlay`).
 * - The overlay's own buttons (OVERLAY.CLOSE) take the entry it added back off (`takeEntryBack`), so
 *   the next Back leaves the page as before; where the address named it already (a link, a reload),
 *   they drop the name from the address in place (`dropFromAddress`), so a reload does not reopen it.
 * - The address names the overlay while it does not show (a link, a reload, Forward back onto its
 *   entry): it opens where it can be opened from the address alone (`openOverlay`). One that cannot
 *   drops the name in place on arrival, and steps back off the entry after Forward.
 * - Its page will not show the overlay the address names: the name is dropped in place, so no
 *   address names what is not there. The page says so once it knows, on arrival (OVERLAY.REFUSED: a
 *   freeze dialog for a stream that offers none), or with the address's news (ADDRESS.NAMED that is
 *   not `offered`: Forward onto the entry of a freeze dialog the stream has stopped offering since).
 */
import { and, assign, setup } from 'xstate';

export type OverlayEntryInput = {
  /** Whether the overlay shows as the page starts. */
  shown: boolean;
  /** Whether the page's address names the overlay as the page starts. */
  named: boolean;
  /** Whether the overlay can be opened from its address alone (the freeze dialog can, a document cannot). */
  openable: boolean;
};

type OverlayEntryContext = {
  /** Whether the overlay showed as the page started (decides only the start). */
  startsShown: boolean;
  named: boolean;
  openable: boolean;
  /** Whether the entry that names the overlay is one this page added (and so Back can take off). */
  added: boolean;
};

export type OverlayEntryEvent =
  /** The overlay started or stopped showing (its page decides). */
  | { type: 'OVERLAY.SHOWN' }
  | { type: 'OVERLAY.HIDDEN' }
  /** The overlay's own control closes it (a close button, Escape, a done save). */
  | { type: 'OVERLAY.CLOSE' }
  /**
   * The address started or stopped naming the overlay (Back, Forward, this page's own navigation).
   * `offered: false` when the page would not show it now; absent, it would.
   */
  | { type: 'ADDRESS.NAMED'; offered?: boolean }
  | { type: 'ADDRESS.UNNAMED' }
  /** The page will not show the overlay the address names. */
  | { type: 'OVERLAY.REFUSED' };

export const overlayEntryMachine = setup({
  types: {
    context: {} as OverlayEntryContext,
    events: {} as OverlayEntryEvent,
    input: {} as OverlayEntryInput,
  },
  actions: {
    addEntry: () => {},
    takeEntryBack: () => {},
    dropFromAddress: () => {},
    closeOverlay: () => {},
    openOverlay: () => {},
  },
  guards: {
    startsShown: ({ context }) => context.startsShown,
    named: ({ context }) => context.named,
    openable: ({ context }) => context.openable,
    added: ({ context }) => context.added,
    offered: ({ event }) => event.type !== 'ADDRESS.NAMED' || event.offered !== false,
  },
}).createMachine({
  id: 'overlayEntry',
  context: ({ input }) => ({
    startsShown: input.shown,
    named: input.named,
    openable: input.openable,
    added: false,
  }),
  initial: 'starting',
  on: {
    'OVERLAY.CLOSE': [
      { guard: 'added', target: '.hidden', actions: ['takeEntryBack', assign({ added: false })] },
      { target: '.hidden', actions: 'dropFromAddress' },
    ],
  },
  states: {
    starting: {
      always: [
        { guard: and(['startsShown', 'named']), target: 'shown' },
        { guard: 'startsShown', target: 'shown', actions: ['addEntry', assign({ added: true })] },
        { guard: and(['named', 'openable']), target: 'hidden', actions: 'openOverlay' },
        // Named on arrival (a link, a reload) but not to be opened from it: the address stops naming it.
        { guard: 'named', target: 'hidden', actions: 'dropFromAddress' },
        { target: 'hidden' },
      ],
    },
    hidden: {
      on: {
        'OVERLAY.SHOWN': [
          { guard: 'named', target: 'shown' },
          { target: 'shown', actions: ['addEntry', assign({ added: true })] },
        ],
        // Forward back onto the entry while the overlay does not show.
        'ADDRESS.NAMED': [
          { guard: and(['openable', 'offered']), actions: [assign({ named: true }), 'openOverlay'] },
          // One its page no longer offers: the entry stays, without the name.
          { guard: 'openable', actions: 'dropFromAddress' },
          { actions: [assign({ named: true }), 'takeEntryBack'] },
        ],
        'ADDRESS.UNNAMED': { actions: assign({ named: false, added: false }) },
        'OVERLAY.REFUSED': { guard: 'named', actions: ['dropFromAddress', assign({ named: false })] },
      },
    },
    shown: {
      on: {
        'ADDRESS.NAMED': { actions: assign({ named: true }) },
        // Whoever put the entry there (this page, Forward, the address), Back took it off.
        'ADDRESS.UNNAMED': {
          target: 'hidden',
          actions: [assign({ named: false, added: false }), 'closeOverlay'],
        },
        // Gone some other way than its own control (its page changed): Back still takes the entry off.
        'OVERLAY.HIDDEN': { target: 'hidden' },
      },
    },
  },
});
