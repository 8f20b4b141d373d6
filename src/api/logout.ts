import type { ApiClient } from './client';
import { WireEmpty } from './wire';

/** Revokes this session; a session already revoked elsewhere answers 401, which is fine here. */
export async function logout(api: ApiClient): Promise<void> {
  await api.request(WireEmpty, '/auth/logout', { method: 'POST', expectUnauthorized: true });
}
