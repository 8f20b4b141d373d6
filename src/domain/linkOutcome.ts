import { isExternalAuthSource } from './socialNetworks';
import type { ExternalAuthSource } from './user';

/** The way back from a provider, as the address carried it (shell spec, "Social link flow"). */
export type LinkOutcome =
  | { status: 'success'; network: ExternalAuthSource | null }
  | { status: 'fail'; network: ExternalAuthSource | null; errorCode: string; errorMessage: string };

/** The query a link's way back carries. */
export type LinkSearch = {
  action?: string;
  status?: string;
  errorCode?: string;
  errorMessage?: string;
  network?: string;
};

/** The link outcome in the address (`action=link`), or null when the page was opened another way. */
export function linkOutcomeOf(search: LinkSearch): LinkOutcome | null {
  if (search.action !== 'link') return null;
  const network = search.network && isExternalAuthSource(search.network) ? search.network : null;
  if (search.status === 'success') return { status: 'success', network };
  return {
    status: 'fail',
    network,
    errorCode: search.errorCode ?? 'unknown_error',
    errorMessage: search.errorMessage ?? '',
  };
}
