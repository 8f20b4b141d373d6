import type { Language } from '../../brands';
import type { User } from '../domain/user';
import type { ApiClient, FieldNames } from './client';
import { type Session, toSession, toUser, WireSessionSchema, WireUserSchema } from './user';
import { languageToCode, WireEmpty } from './wire';

/**
 * Calls that change the learner's account: profile, e-mail, password, deletion (docs/API.md). Only
 * screens loaded on demand make them, so they stay out of user.ts, which start-up needs.
 */

export type ProfileFields = {
  firstName?: string;
  lastName?: string;
  phone?: string;
  city?: string;
  birthday?: string;
  instagramId?: string;
  gender?: 'M' | 'F' | null;
  timezone?: string;
  languageCode?: Language;
};

/** Client profile field → its name in POST /user; the same table names the call's field errors. */
const PROFILE_WIRE_NAMES = {
  firstName: 'name',
  lastName: 'last_name',
  phone: 'phone',
  city: 'city',
  birthday: 'birthday',
  instagramId: 'instagram_id',
  gender: 'gender',
  timezone: 'timezone',
  languageCode: 'language_code',
} as const satisfies Record<keyof ProfileFields, string>;

const PROFILE_FIELD_NAMES: FieldNames = Object.fromEntries(
  Object.entries(PROFILE_WIRE_NAMES).map(([field, wireName]) => [wireName, field]),
);

/** Client profile fields → the server form of POST /user (only the fields given). */
export function toWireProfile(fields: ProfileFields): Record<string, string | null> {
  const values = { ...fields, languageCode: fields.languageCode && languageToCode(fields.languageCode) };
  const wire: Record<string, string | null> = {};
  for (const [field, wireName] of Object.entries(PROFILE_WIRE_NAMES)) {
    const value = values[field as keyof ProfileFields];
    if (value !== undefined) wire[wireName] = value;
  }
  return wire;
}

export async function updateProfile(api: ApiClient, fields: ProfileFields): Promise<User> {
  const { data } = await api.request(WireUserSchema, '/user', {
    method: 'POST',
    body: toWireProfile(fields),
    fieldNames: PROFILE_FIELD_NAMES,
  });
  return toUser(data);
}

/** POST /user/update-user with an e-mail: gives an account made by app id its address. */
export async function updateEmail(api: ApiClient, email: string): Promise<User> {
  const { data } = await api.request(WireUserSchema, '/user/update-user', {
    method: 'POST',
    body: { email },
  });
  return toUser(data);
}

/** POST /user/update-password: the server opens a new session and revokes the others. */
export async function updatePassword(
  api: ApiClient,
  input: {
    password: string;
    passwordRepeat: string;
    currentPassword?: string;
  },
): Promise<Session> {
  const body = {
    password: input.password,
    password_repeat: input.passwordRepeat,
    ...(input.currentPassword ? { current_password: input.currentPassword } : {}),
  };
  const { data } = await api.request(WireSessionSchema, '/user/update-password', { method: 'POST', body });
  return toSession(data);
}

export async function deleteAccount(api: ApiClient): Promise<void> {
  await api.request(WireEmpty, '/user', { method: 'DELETE' });
}

/**
 * POST /user/update-user with a status: the registration chat moves the account to its next step
 * (20, 30, 40) or makes it active (10). The server only moves it forward.
 */
export async function updateStatus(api: ApiClient, status: number): Promise<User> {
  const { data } = await api.request(WireUserSchema, '/user/update-user', {
    method: 'POST',
    body: { status },
  });
  return toUser(data);
}
