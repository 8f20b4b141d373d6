/** Leaves the app for a full URL (an external return URL carries the token already). */
export function openExternal(url: string): void {
  window.location.assign(url);
}
