import type { ApiClient } from './client';
import { type Session, toSession, WireSessionSchema } from './user';

/**
 * Sign-in (docs/API.md), which the entry carries with the sign-in page. The other /auth calls serve
 * screens loaded on demand: signup.ts, passwordReset.ts, logout.ts.
 */

export async function login(api: ApiClient, input: { email: string; password: string }): Promise<Session> {
  const { data } = await api.request(WireSessionSchema, '/auth/login', { method: 'POST', body: input });
  return toSession(data);
}
