import * as v from 'valibot';
import type { ExternalAuthSource, User } from '../domain/user';
import { guessTimezone } from '../platform/timezone';
import type { ApiClient } from './client';
import { codeToLanguage, flagToBoolean, WireFlag } from './wire';

/** The user in server form (docs/API.md "User (server form)"). */
export const WireUserSchema = v.object({
  id: v.number(),
  email: v.nullish(v.string()),
  name: v.nullish(v.string()),
  last_name: v.nullish(v.string()),
  avatar: v.nullish(v.string()),
  avatar_file_id: v.nullish(v.number()),
  phone: v.nullish(v.string()),
  city: v.nullish(v.string()),
  gender: v.nullish(v.string()),
  birthday: v.nullish(v.string()),
  instagram_id: v.nullish(v.string()),
  timezone: v.nullish(v.string()),
  locale: v.nullish(v.string()),
  language_code: v.nullish(v.string()),
  disable_notification: v.optional(WireFlag, 0),
  is_require_update_password: v.optional(WireFlag, 0),
  is_require_update_profile: v.optional(WireFlag, 0),
  is_admin: v.optional(WireFlag, 0),
  has_password: v.optional(WireFlag, 1),
  status: v.number(),
  user_external_auths: v.optional(v.array(v.object({ id: v.number(), source: v.string() })), []),
  statistics: v.optional(v.record(v.string(), v.nullish(v.number()))),
});
export type WireUser = v.InferOutput<typeof WireUserSchema>;

const EXTERNAL_SOURCES: readonly ExternalAuthSource[] = ['apple', 'google', 'facebook', 'vkontakte'];
const isExternalSource = (source: string): source is ExternalAuthSource =>
  (EXTERNAL_SOURCES as readonly string[]).includes(source);

/** Server form → client entity (shell spec, section 3). Missing counters default to 0. */
export function toUser(wire: WireUser): User {
  const stat = (key: string) => wire.statistics?.[key] ?? 0;
  return {
    id: wire.id,
    firstName: wire.name ?? '',
    lastName: wire.last_name ?? '',
    email: wire.email ?? '',
    avatar: wire.avatar ?? null,
    avatarFileId: wire.avatar_file_id ?? null,
    phone: wire.phone ?? '',
    city: wire.city ?? '',
    gender: wire.gender === 'M' || wire.gender === 'F' ? wire.gender : null,
    birthday: wire.birthday ?? '',
    instagramId: wire.instagram_id ?? '',
    // The spec's default: the time zone the browser guesses, when the server keeps none.
    timezone: wire.timezone || guessTimezone(),
    locale: wire.locale ?? '',
    // The spec's default language (section 9) when the server sends none it knows.
    languageCode: codeToLanguage(wire.language_code) ?? codeToLanguage(wire.locale) ?? 'ru',
    disableNotification: flagToBoolean(wire.disable_notification),
    requiredUpdatePassword: flagToBoolean(wire.is_require_update_password),
    requiredUpdateProfile: flagToBoolean(wire.is_require_update_profile),
    isAdmin: flagToBoolean(wire.is_admin),
    hasPassword: flagToBoolean(wire.has_password),
    status: wire.status,
    userExternalAuths: wire.user_external_auths.flatMap((auth) =>
      isExternalSource(auth.source) ? [{ id: auth.id, source: auth.source }] : [],
    ),
    counters: {
      viewedHours: stat('viewed_hours'),
      completedCourses: stat('completed_courses'),
      completedTasks: stat('completed_tasks'),
      viewedLessons: stat('viewed_lessons'),
      referralOrders: stat('referral_orders'),
      cashback: stat('cashback'),
      discountForReferral: stat('discount_for_referral'),
      linkJumps: stat('link_jumps'),
      scoresAmount: stat('scores_amount'),
    },
  };
}

export const WireSessionSchema = v.object({ token: v.string(), user: WireUserSchema });
export type Session = { token: string; user: User };
export const toSession = (wire: v.InferOutput<typeof WireSessionSchema>): Session => ({
  token: wire.token,
  user: toUser(wire.user),
});

/**
 * GET /user; `token` checks a token that is not the session's yet (restore, auto-login).
 * A learner whose account keeps no time zone (made through the API or by app id) gets the browser's
 * guess stored with POST /user: the app shows their days in the guessed zone (the spec's default),
 * while the server counts freeze days and sends reminders in the stored one, UTC when none, so the
 * freeze dialog's limits and the server's would differ by a day. Not stored (offline, a zone the
 * server does not know), the guess is used as before and stored at the next start.
 */
export async function fetchUser(api: ApiClient, token?: string): Promise<User> {
  const session = token ? { token } : {};
  const { data } = await api.request(WireUserSchema, '/user', session);
  if (data.timezone) return toUser(data);
  const stored = await api
    .request(WireUserSchema, '/user', { ...session, method: 'POST', body: { timezone: guessTimezone() } })
    .catch(() => null);
  return toUser(stored?.data ?? data);
}
