import * as v from 'valibot';
import type { ApiClient } from './client';
import { type Session, toSession, WireSessionSchema } from './user';

/** Sign-up by e-mail: the user name is the e-mail (shell spec, section 5). */
export async function signupByEmail(
  api: ApiClient,
  input: {
    email: string;
    password: string;
    passwordRepeat: string;
    timezone: string;
    /** The registration chat's account starts at the step it continues with (20, 30, 40) or active. */
    status?: number;
  },
): Promise<Session> {
  const body = {
    username: input.email,
    email: input.email,
    password: input.password,
    password_repeat: input.passwordRepeat,
    timezone: input.timezone,
    ...(input.status === undefined ? {} : { status: input.status }),
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
