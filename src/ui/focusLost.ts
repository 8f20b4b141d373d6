/**
 * Whether the focus is on the body, or still on a control this render removed or disabled: the
 * browser moves such a focus to the body only at its next rendering update, after the effects that
 * ask. A keyboard user would then start again from the top of the page, and a screen reader would
 * say nothing more.
 */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected || active.matches(':disabled');
}
