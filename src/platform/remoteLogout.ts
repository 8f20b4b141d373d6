/**
 * Listens for the server's `logout` event for this session (signed in elsewhere, password changed,
 * account deleted on another device). Returns the function that stops listening.
 */
export function listenRemoteLogout(token: string, onLogout: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`/spa/api/v1/events?token=${encodeURIComponent(token)}`);
  const handle = () => {
    source.close();
    onLogout();
  };
  source.addEventListener('logout', handle);
  return () => {
    source.removeEventListener('logout', handle);
    source.close();
  };
}
