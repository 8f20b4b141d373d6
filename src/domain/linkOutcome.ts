import type { Language } from '../../brands/schema';
import { isSocialErrorCode, socialErrorText } from './socialErrors';
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

/**
 * A failed link's text in the learner's language. The server words `errorMessage` in the language of
 * the request that came back from the provider, the browser's, which need not be the one the learner
 * chose: a code of the catalogue is worded here instead. Only a code the app does not know keeps the
 * server's words, the one thing that says what went wrong.
 */
export function linkFailureText(
  outcome: Extract<LinkOutcome, { status: 'fail' }>,
  language: Language,
): string {
  const network = outcome.network ?? undefined;
  if (isSocialErrorCode(outcome.errorCode)) return socialErrorText(outcome.errorCode, language, network);
  return outcome.errorMessage || socialErrorText('unknown_error', language, network);
}
