import * as v from 'valibot';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { toSeconds } from '../../http/time';
import { scoresAmount } from '../scores/queries';
import { externalAuthsOf, type LinkedNetwork } from '../social-auth/queries';
import { learningCounters } from './counters';

/** 0 or 1: the wire speaks flags as numbers. */
const Flag = v.number();
const Text = v.nullable(v.string());

/** Counters of `?expand=statistics`. */
export const WireStatistics = v.object({
  viewed_hours: v.number(),
  completed_courses: v.number(),
  completed_tasks: v.number(),
  viewed_lessons: v.number(),
  referral_orders: v.number(),
  cashback: v.number(),
  discount_for_referral: v.number(),
  link_jumps: v.number(),
  scores_amount: v.number(),
});

/** The user in its server form (docs/API.md, "User"). */
export const WireUser = v.object({
  id: v.number(),
  email: Text,
  app_id: Text,
  name: Text,
  last_name: Text,
  avatar: Text,
  avatar_file_id: v.nullable(v.number()),
  phone: Text,
  city: Text,
  gender: Text,
  birthday: Text,
  instagram_id: Text,
  timezone: Text,
  locale: Text,
  language_code: Text,
  disable_notification: Flag,
  is_require_update_password: Flag,
  is_require_update_profile: Flag,
  is_admin: Flag,
  has_password: v.pipe(
    Flag,
    v.description(
      '1 when the account has a password; 0 for one made through a social network that has not set ' +
        'one yet: POST /user/update-password then needs no `current_password`.',
    ),
  ),
  status: v.number(),
  created_at: v.number(),
  user_external_auths: v.array(v.object({ id: v.number(), source: v.string() })),
  statistics: v.optional(WireStatistics),
});
type WireUser = v.InferOutput<typeof WireUser>;

/** A session just started: its bearer token and the user. */
export const WireSignedIn = v.object({ token: v.string(), user: WireUser });

/** Learning and points; referral, cashback and link counters belong to commerce this server has not got. */
async function statistics(db: Db, userId: number): Promise<v.InferOutput<typeof WireStatistics>> {
  const learning = await learningCounters(db, userId);
  return {
    viewed_hours: learning.viewedHours,
    completed_courses: learning.completedCourses,
    completed_tasks: 0,
    viewed_lessons: learning.viewedLessons,
    referral_orders: 0,
    cashback: 0,
    discount_for_referral: 0,
    link_jumps: 0,
    scores_amount: await scoresAmount(db, userId),
  };
}

export async function toWireUser(db: Db, user: UserRow, withStatistics = false): Promise<WireUser> {
  return toWireUserWithLinks(db, user, await externalAuthsOf(db, user.id), withStatistics);
}

/** `toWireUser` with the linked networks already read (GET /user reads them with the session). */
export async function toWireUserWithLinks(
  db: Db,
  user: UserRow,
  links: LinkedNetwork[],
  withStatistics: boolean,
): Promise<WireUser> {
  return {
    id: user.id,
    email: user.email,
    app_id: user.appId,
    name: user.name,
    last_name: user.lastName,
    avatar: user.avatar,
    avatar_file_id: user.avatarFileId,
    phone: user.phone,
    city: user.city,
    gender: user.gender,
    birthday: user.birthday,
    instagram_id: user.instagramId,
    timezone: user.timezone,
    locale: user.locale,
    language_code: user.languageCode,
    disable_notification: user.disableNotification,
    is_require_update_password: user.isRequireUpdatePassword,
    is_require_update_profile: user.isRequireUpdateProfile,
    is_admin: user.isAdmin,
    has_password: user.passwordHash === null ? 0 : 1,
    status: user.status,
    created_at: toSeconds(user.createdAt),
    user_external_auths: links,
    ...(withStatistics ? { statistics: await statistics(db, user.id) } : {}),
  };
}
