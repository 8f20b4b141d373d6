import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { Language } from '../../brands/index';
import { type UserRow, users } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/context';
import { fieldError } from '../http/errors';
import {
  birthdayField,
  emailField,
  flagField,
  genderField,
  instagramField,
  languageCodeField,
  optionalText,
  passwordField,
  phoneField,
  requiredText,
  timezoneField,
  withMatchingRepeat,
} from '../http/fields';
import { sendData } from '../http/respond';
import { readBody, readQuery } from '../http/validation';
import { isEmailTaken, isUniqueViolation } from '../services/accounts';
import type { Services } from '../services/container';
import { LANGUAGE_CODES, type MessageKey } from '../services/i18n';
import { toWireUser } from '../services/users';

const UserQuery = v.object({ expand: v.optional(v.string()) });

const ProfileBody = v.object({
  name: v.optional(requiredText(64)),
  last_name: v.optional(requiredText(64)),
  city: v.optional(optionalText(100)),
  gender: v.optional(genderField),
  phone: v.optional(phoneField),
  birthday: v.optional(birthdayField),
  instagram_id: v.optional(instagramField),
  timezone: v.optional(timezoneField),
  language_code: v.optional(languageCodeField),
});

const PasswordChangeBody = withMatchingRepeat(
  v.object({
    current_password: v.optional(v.string('notText' satisfies MessageKey)),
    password: passwordField,
    password_repeat: v.string('notText' satisfies MessageKey),
  }),
);

const UpdateUserBody = v.object({
  email: v.optional(emailField),
  status: v.optional(v.picklist([10, 20, 30, 40], 'status' satisfies MessageKey)),
});

const NotificationBody = v.object({ disable_notification: flagField });

const localeOf = (languageCode: string) =>
  (Object.entries(LANGUAGE_CODES).find(([, code]) => code === languageCode)?.[0] ?? null) as Language | null;

/** The signed-in user's own account. Every query is scoped by the session's user id. */
export function userRoutes(services: Services) {
  const { db, passwords, sessions } = services;

  /** Writes the given fields (undefined ones are left alone) and returns the fresh row. */
  async function save(userId: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
    const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    const [user] =
      Object.keys(changes).length > 0
        ? await db.update(users).set(changes).where(eq(users.id, userId)).returning()
        : await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new Error(`user ${userId} vanished during an update`);
    return user;
  }

  const sendUser = async (c: Context<AppEnv>, user: UserRow) => sendData(c, await toWireUser(db, user));

  const auth = requireAuth(sessions);

  return new Hono<AppEnv>()
    .get('/user', auth, async (c) => {
      const { expand } = readQuery(c, UserQuery);
      const withStatistics = (expand ?? '').split(',').some((part) => part.trim() === 'statistics');
      return sendData(c, await toWireUser(db, c.get('auth').user, withStatistics));
    })

    .post('/user', auth, async (c) => {
      const body = await readBody(c, ProfileBody);
      const current = c.get('auth').user;
      const values: Partial<typeof users.$inferInsert> = {
        name: body.name,
        lastName: body.last_name,
        city: body.city,
        gender: body.gender,
        phone: body.phone,
        birthday: body.birthday,
        instagramId: body.instagram_id,
        timezone: body.timezone,
        languageCode: body.language_code,
        locale: body.language_code ? localeOf(body.language_code) : undefined,
      };
      // The forced profile step is over once the three required fields are there.
      const name = values.name ?? current.name;
      const lastName = values.lastName ?? current.lastName;
      const phone = values.phone ?? current.phone;
      if (name && lastName && phone) values.isRequireUpdateProfile = 0;
      return sendUser(c, await save(current.id, values));
    })

    .delete('/user', auth, async (c) => {
      const { user, sessionId } = c.get('auth');
      await save(user.id, { status: 0 });
      await sessions.revokeAll(user.id, sessionId);
      return sendData(c, {});
    })

    .post('/user/update-password', auth, async (c) => {
      const body = await readBody(c, PasswordChangeBody);
      const { user, sessionId } = c.get('auth');
      // A forced change (is_require_update_password) comes right after sign-in and needs no old password.
      if (user.isRequireUpdatePassword !== 1) {
        if (!body.current_password) throw fieldError('current_password', 'required');
        if (!(await passwords.verify(user.passwordHash, body.current_password))) {
          throw fieldError('current_password', 'wrongCurrentPassword');
        }
      }
      const updated = await save(user.id, {
        passwordHash: await passwords.hash(body.password),
        isRequireUpdatePassword: 0,
      });
      await sessions.revokeAll(user.id, sessionId);
      return sendData(c, { token: await sessions.issue(user.id), user: await toWireUser(db, updated) });
    })

    .post('/user/update-user', auth, async (c) => {
      const body = await readBody(c, UpdateUserBody);
      const { user } = c.get('auth');
      if (body.email === undefined && body.status === undefined) throw fieldError('email', 'emailOrStatus');
      if (body.email !== undefined && (await isEmailTaken(db, body.email, user.id))) {
        throw fieldError('email', 'emailTaken');
      }
      try {
        return sendUser(c, await save(user.id, { email: body.email, status: body.status }));
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('email', 'emailTaken');
        throw error;
      }
    })

    .post('/user/notification', auth, async (c) => {
      const body = await readBody(c, NotificationBody);
      return sendUser(
        c,
        await save(c.get('auth').user.id, { disableNotification: body.disable_notification }),
      );
    });
}
