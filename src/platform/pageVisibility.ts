/**
 * Reports each time the tab is shown again, with how long it was hidden (ms). The browser slows
 * timers in hidden tabs, so the time is read from the clock at both changes rather than counted.
 */
export function watchPageShown(onShown: (hiddenForMs: number) => void): () => void {
  let hiddenAt = document.visibilityState === 'hidden' ? Date.now() : null;
  const handle = () => {
    if (document.visibilityState === 'hidden') hiddenAt ??= Date.now();
    else if (hiddenAt !== null) {
      onShown(Date.now() - hiddenAt);
      hiddenAt = null;
    }
  };
  document.addEventListener('visibilitychange', handle);
  return () => document.removeEventListener('visibilitychange', handle);
}
