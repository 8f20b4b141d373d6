import type { ApiClient } from './client';
import { type Session, toSession, WireSessionSchema } from './user';
import { WireEmpty } from './wire';

/** Password recovery (docs/API.md): the mailed link, then a new password with its token. */

export async function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  await api.request(WireEmpty, '/auth/request-password-reset', { method: 'POST', body: { email } });
}

/** Sets a new password with the mailed token; the server signs the user in. */
export async function resetPassword(
  api: ApiClient,
  input: {
    token: string;
    password: string;
    passwordRepeat: string;
  },
): Promise<Session> {
  const body = { token: input.token, password: input.password, password_repeat: input.passwordRepeat };
  const { data } = await api.request(WireSessionSchema, '/auth/reset-password', { method: 'POST', body });
  return toSession(data);
}
