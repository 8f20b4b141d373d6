/** How long a new page may take to show its heading (its chunk and data may still be loading). */
const HEADING_WAIT_MS = 5000;

/** The headings of pages already shown: the old page may stay on screen while the new one loads. */
const shownHeadings = new WeakSet<Element>();

/**
 * Waits for the heading of the page just shown in `main` and, when `moveFocus` is on and the focus
 * was lost, focuses it. The control that had the focus is gone (a menu link, the Save button of a
 * form that led back to its list), so the browser left it on the body: a keyboard user would start
 * again from the top and a screen reader would say nothing of the new page. A focus still on
 * something that stayed (a header link) is left where it is. The first page of a visit only has its
 * heading noted: nothing was lost there. Answers the function that stops waiting.
 */
export function watchPageHeading(main: HTMLElement, moveFocus: boolean): () => void {
  const tryHeading = (): boolean => {
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading || shownHeadings.has(heading)) return false;
    shownHeadings.add(heading);
    const active = document.activeElement;
    if (moveFocus && (active === null || active === document.body))
      focusTarget(heading, { preventScroll: true });
    return true;
  };
  if (tryHeading()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryHeading()) stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * Focuses an element that does not take the focus by itself (a page's heading, its content): -1 lets
 * a script focus it without adding a tab stop.
 */
export function focusTarget(element: HTMLElement, options?: FocusOptions): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus(options);
}
