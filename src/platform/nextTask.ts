/** Resolves in a later task: the browser paints and handles input in between. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

/**
 * Runs `work` in a task after the next frame is painted (a frame callback, then a task), so what it
 * adds is laid out in a frame of its own. Answers the function that cancels it.
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
