import * as v from 'valibot';
import type { ApiClient } from './client';
import { type Session, toSession, WireSessionSchema } from './user';
import { WireEmpty } from './wire';

/** Sign-in, sign-up and password recovery calls (docs/API.md). */

export async function login(api: ApiClient, input: { email: string; password: string }): Promise<Session> {
  const { data } = await api.request(WireSessionSchema, '/auth/login', { method: 'POST', body: input });
  return toSession(data);
}

/** Sign-up by e-mail: the user name is the e-mail (shell spec, section 5). */
export async function signupByEmail(
  api: ApiClient,
  input: {
    email: string;
    password: string;
    passwordRepeat: string;
    timezone: string;
  },
): Promise<Session> {
  const body = {
    username: input.email,
    email: input.email,
    password: input.password,
    password_repeat: input.passwordRepeat,
    timezone: input.timezone,
  };
  const { data } = await api.request(WireSessionSchema, '/auth/signup-by-email', {
    method: 'POST',
    body,
    // The user name is the e-mail, so its errors belong under the e-mail field.
    fieldNames: { username: 'email' },
  });
  return toSession(data);
}

export const WireSignupCheckSchema = v.object({
  'signupform-email': v.optional(v.array(v.string()), []),
  'signupform-app_id': v.optional(v.array(v.string()), []),
});

/** The server's e-mail check before sign-up: the list of problems (empty when the address is fine). */
export async function validateSignupEmail(api: ApiClient, email: string): Promise<string[]> {
  const { data } = await api.request(WireSignupCheckSchema, '/auth/validate-signup-form', {
    method: 'POST',
    body: { email },
  });
  return data['signupform-email'];
}

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

/** Revokes this session; a session already revoked elsewhere answers 401, which is fine here. */
export async function logout(api: ApiClient): Promise<void> {
  await api.request(WireEmpty, '/auth/logout', { method: 'POST', expectUnauthorized: true });
}
