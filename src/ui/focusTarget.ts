/**
 * Focuses an element that does not take the focus by itself (a page's heading, its content): -1 lets
 * a script focus it without adding a tab stop. A module of its own: the cookie banner, on the sign-in
 * page, needs it without the page-change watch around it.
 */
export function focusTarget(element: HTMLElement, options?: FocusOptions): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus(options);
}
