import { eq, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type UserRow, userScores } from '../db/schema';

export const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const toSecondsOrNull = (date: Date | null) => (date ? toSeconds(date) : null);

/** The user's points balance: the sum of the signed amounts of the score history. */
export async function scoresAmount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(userScores.amount) })
    .from(userScores)
    .where(eq(userScores.userId, userId));
  return Number(row?.total ?? 0);
}

/** Counters of `?expand=statistics`; only points are tracked so far, the rest stay 0. */
async function statistics(db: Db, userId: number) {
  return {
    viewed_hours: 0,
    completed_courses: 0,
    completed_tasks: 0,
    viewed_lessons: 0,
    referral_orders: 0,
    cashback: 0,
    discount_for_referral: 0,
    link_jumps: 0,
    scores_amount: await scoresAmount(db, userId),
  };
}

/** The user in its server form (server/API.md, "User"). */
export async function toWireUser(db: Db, user: UserRow, withStatistics = false) {
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
    status: user.status,
    created_at: toSeconds(user.createdAt),
    // Social sign-in is not offered yet, so no account has linked networks.
    user_external_auths: [] as { id: number; source: string }[],
    ...(withStatistics ? { statistics: await statistics(db, user.id) } : {}),
  };
}
