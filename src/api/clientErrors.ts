import * as v from 'valibot';
import type { ClientErrorReport } from '../domain/errorReport';
import type { ApiClient } from './client';

/** POST /client-errors: the platform's own store of errors met in learners' browsers. */
export const WireClientErrorAnswer = v.object({ id: v.number() });

export async function sendClientError(api: ApiClient, report: ClientErrorReport): Promise<void> {
  // A report may leave while the session is ending: its 401 must not sign anyone out again.
  await api.request(WireClientErrorAnswer, '/client-errors', {
    method: 'POST',
    body: report,
    expectUnauthorized: true,
  });
}
