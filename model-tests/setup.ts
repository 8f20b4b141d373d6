/**
 * Setup of the model suites' DOM (happy-dom).
 *
 * A browser fires `selectionchange` only when the selection really moves, and from a task of its
 * own. happy-dom fires it synchronously on every `collapse`, moved or not, while React Aria's date
 * and time segments answer each `selectionchange` by collapsing the selection into the focused
 * segment again: in happy-dom that recursed until the stack overflowed, on every key typed into a
 * segment (a "Maximum call stack size exceeded" in the log each time, and a few seconds of a suite).
 * A collapse onto the point the selection already has is left out here, as a browser leaves it.
 */
const collapse = Selection.prototype.collapse;
Selection.prototype.collapse = function collapseWhenMoved(this: Selection, node: Node | null, offset = 0) {
  const unmoved =
    node !== null &&
    this.rangeCount === 1 &&
    this.isCollapsed &&
    this.anchorNode === node &&
    this.anchorOffset === offset;
  if (unmoved) return;
  collapse.call(this, node, offset);
};
