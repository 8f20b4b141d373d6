import { cookieHoldsToken } from './tokenStorage';

/**
 * Listens for the server's `logout` event for this session (signed in elsewhere, password changed,
 * account deleted on another device). Returns the function that stops listening.
 */
export function listenRemoteLogout(token: string, onLogout: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  // The stream carries the session cookie; a token in the URL would end up in proxies' and servers' logs.
  const query = cookieHoldsToken(token) ? '' : `?token=${encodeURIComponent(token)}`;
  const source = new EventSource(`/spa/api/v1/events${query}`);
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
