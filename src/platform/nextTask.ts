/** Resolves in a later task: the browser paints and handles input in between. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));
