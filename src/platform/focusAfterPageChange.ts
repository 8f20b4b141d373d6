import { focusLost } from '../ui/focusLost';

/**
 * How long after a change in the page its own components have to place a focus they took away (the
 * day's status line after its finish button goes) before the page's heading takes it instead.
 */
const RESCUE_DELAY_MS = 100;

/** The headings of pages already shown: the old page may stay on screen while the new one loads. */
const shownHeadings = new WeakSet<Element>();

/** The heading that last took a focus its page's control lost (not one a page change gave it). */
let rescuedTo: Element | null = null;

/**
 * Whether the focus is on a heading only because its page's control went for a moment (the rescue
 * waits 100 ms): an outcome slower than that (ResultNotice) still takes the focus its control lost.
 * A learner cannot Tab to a heading, so they did not put it there.
 */
const focusRescuedToHeading = (): boolean => rescuedTo !== null && document.activeElement === rescuedTo;

/**
 * Whether no control holds the focus the learner last gave one: it is lost, or only on the heading
 * that took it while the page's control was gone. A control that comes back, or the outcome of the
 * action that removed it, may then take it.
 */
export const focusUnclaimed = (): boolean => focusLost() || focusRescuedToHeading();

/**
 * Watches the page just shown in `main` for as long as it is shown, and gives its heading a focus
 * that was lost, so that a keyboard user does not start again from the top of the page and a screen
 * reader says where they are:
 * - the page's first heading, when `moveFocus` is on (the control that had the focus went with the
 *   page before: a menu link, the Save button of a form that led back to its list). The first page of
 *   a visit only has its heading noted: nothing was lost there. However long the page takes to load
 *   (its chunk and data on a slow line), its heading takes the focus when it shows;
 * - the heading, whenever a control of the page itself had the focus and went (a "Try again" that
 *   the content replaced, a loading state's heading that the loaded page's replaced).
 * A focus still on something that stayed (a header link) is left where it is. Answers the stop.
 */
export function watchPageHeading(main: HTMLElement, moveFocus: boolean): () => void {
  // Whether the last focus was inside the page: only a focus the page took away is the page's to give.
  let focusWasInPage = false;
  let pageHeadingFocused = !moveFocus;
  const onFocusIn = (event: FocusEvent) => {
    focusWasInPage = event.target instanceof Node && main.contains(event.target);
  };
  // A focus the learner put elsewhere (a click on the page's background, another window) was not
  // taken away: a control that is still there lost it, and the page's changes leave it be. Chromium
  // also tells a control's removal this way, while it is still in the page: the check waits for it.
  const onFocusOut = (event: FocusEvent) => {
    const { target } = event;
    if (event.relatedTarget !== null || !(target instanceof Node)) return;
    queueMicrotask(() => {
      if (target.isConnected) focusWasInPage = false;
    });
  };
  const rescue = () => {
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return;
    const isNew = !shownHeadings.has(heading);
    shownHeadings.add(heading);
    if (!focusLost()) return;
    if (focusWasInPage || (isNew && !pageHeadingFocused)) {
      rescuedTo = focusWasInPage ? heading : null;
      pageHeadingFocused = true;
      focusTarget(heading, { preventScroll: true });
    }
  };
  let timer: number | undefined;
  const observer = new MutationObserver(() => {
    window.clearTimeout(timer);
    timer = window.setTimeout(rescue, RESCUE_DELAY_MS);
  });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  observer.observe(main, { childList: true, subtree: true });
  rescue();
  return () => {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
  };
}

/**
 * Focuses an element that does not take the focus by itself (a page's heading, its content): -1 lets
 * a script focus it without adding a tab stop.
 */
export function focusTarget(element: HTMLElement, options?: FocusOptions): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus(options);
}
