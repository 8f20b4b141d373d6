/** Leaves the app for a full URL (an external return URL carries the token already). */
export function openExternal(url: string): void {
  window.location.assign(url);
}

/** Loads the page again: after a deployment, that brings the new version's chunks. */
export function reloadPage(): void {
  window.location.reload();
}
