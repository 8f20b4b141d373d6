import type { ApiClient } from '../../api/client';
import * as tokenStorage from '../../platform/tokenStorage';
import { streamOfPage } from '../learning/common/streamPage';

/**
 * What a signed-in session's start loads beside its user, in a small chunk of its own: the start
 * lists' calls, and the read-ahead of a stream's page the app opened on
 * (learning/common/pageReadAhead.provide.ts), whose code is loaded only for such a page.
 */
export { fetchStartLists, fetchSubscriptions } from '../../api/startLists';

/** Called as the app starts with a stored session, on the page it opens. */
export function readAheadOfPage(api: ApiClient): void {
  const token = tokenStorage.readToken();
  const streamId = streamOfPage(window.location.pathname, import.meta.env.BASE_URL);
  if (!token || streamId === null) return;
  import('../learning/common/pageReadAhead.provide').then(
    (module) => module.readAheadOfPage(api, token, streamId),
    () => {},
  );
}
