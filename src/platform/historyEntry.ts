/**
 * Values kept with the current entry of the browser's history (its state), so that coming back to
 * the page with Back (or reloading it) finds them again, while a new visit of the address starts
 * afresh. The router's own keys in the state are kept as they are.
 */
export const historyEntry = {
  read(key: string): unknown {
    const state: unknown = window.history.state;
    return state !== null && typeof state === 'object' ? (state as Record<string, unknown>)[key] : undefined;
  },
  write(key: string, value: unknown): void {
    const state: unknown = window.history.state;
    const kept = state !== null && typeof state === 'object' ? state : {};
    window.history.replaceState({ ...kept, [key]: value }, '');
  },
};
