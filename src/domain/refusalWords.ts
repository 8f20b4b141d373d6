import type { RequestError } from './requestError';

// Apart from requestError.ts, which every chunk needs (the sign-in page's included): only the flows
// that show an upload's or a chat answer's refusal read this.

/**
 * A refusal's most specific words: its field errors (a refused upload says why under `body`), else
 * its message, which for a 422 is only the summary ("Please check the highlighted fields.").
 */
export function refusalWords({ message, fieldErrors }: RequestError): string[] {
  const fields = Object.values(fieldErrors).flat();
  if (fields.length > 0) return fields;
  return message !== '' ? [message] : [];
}
