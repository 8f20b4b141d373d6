/** Reports the browser's online/offline changes (and the current state once at start). */
export function watchConnectivity(onChange: (online: boolean) => void): () => void {
  const online = () => onChange(true);
  const offline = () => onChange(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  if (!navigator.onLine) offline();
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
