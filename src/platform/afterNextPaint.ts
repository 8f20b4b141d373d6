/**
 * Runs `work` in a task after the next frame is painted (a frame callback, then a task), so what it
 * adds is laid out in a frame of its own. Answers the function that cancels it. (A module of its own,
 * not beside nextTask: that one is in the sign-in page's chunk, and this is for later pages.)
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
