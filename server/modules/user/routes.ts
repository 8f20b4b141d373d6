import type { Context } from 'hono';
import * as v from 'valibot';
import type { Language } from '../../../brands/index';
import { isStatusStep, REGISTRATION_STATUS } from '../../../src/domain/registrationChat';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { ApiError, fieldError } from '../../http/errors';
import {
  birthdayField,
  canonicalTimeZone,
  emailField,
  fieldPath,
  flagField,
  genderField,
  instagramField,
  languageCodeField,
  nameField,
  optionalLine,
  passwordField,
  phoneField,
  statusField,
  timezoneField,
  withMatchingRepeat,
} from '../../http/fields';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';
import type { Services } from '../../infra/container';
import { LANGUAGE_CODES, type MessageKey } from '../../infra/i18n';
import { checkPassword, signInAccountOf } from '../auth/attempts';
import { voidPasswordResets } from '../auth/queries';
import { deleteUploadsOf } from '../uploads/queries';
import { deleteAccount, isEmailTaken, replacePassword, saveUser, sessionUserWithLinks } from './queries';
import { toWireUser, toWireUserWithLinks, WireSignedIn, WireUser } from './wire';

const UserQuery = v.object({ expand: v.optional(v.string()) });

const ProfileBody = v.object({
  name: v.optional(nameField),
  last_name: v.optional(nameField),
  city: v.optional(optionalLine(100)),
  gender: v.optional(genderField),
  phone: v.optional(phoneField),
  birthday: v.optional(birthdayField),
  instagram_id: v.optional(instagramField),
  timezone: v.optional(timezoneField),
  language_code: v.optional(languageCodeField),
  disable_notification: v.optional(flagField),
});

/**
 * Whether a password change must prove the current password. Not for an account without one (made
 * through a social network: the session is the proof), nor for a forced change (it comes right after
 * sign-in) or the registration chat's password step (status 20: the account was made with a password
 * the learner never saw).
 */
const needsCurrentPassword = (user: UserRow) =>
  user.passwordHash !== null &&
  user.isRequireUpdatePassword !== 1 &&
  user.status !== REGISTRATION_STATUS.password;

/**
 * The password change's form. Where the account must give its current password, a missing or empty
 * one is one of the form's mistakes, listed with the others in one answer; whether a given one is
 * right needs the database, and is checked once the form itself is right.
 */
const passwordChangeBody = (currentNeeded: boolean) =>
  withMatchingRepeat(
    v.pipe(
      v.object({
        current_password: v.optional(v.string('notText' satisfies MessageKey)),
        password: passwordField,
        password_repeat: v.string('notText' satisfies MessageKey),
      }),
      // Runs on a form with other mistakes too: it reads the field as far as it was read.
      v.rawCheck(({ dataset, addIssue }) => {
        if (!currentNeeded) return;
        const form = dataset.value as Record<string, unknown>;
        if (form.current_password !== undefined && form.current_password !== '') return;
        addIssue({ message: 'required' satisfies MessageKey, path: fieldPath(form, 'current_password') });
      }),
    ),
    'newPasswordMismatch',
  );
const PasswordChangeBody = passwordChangeBody(false);
const PasswordChangeBodyWithCurrent = passwordChangeBody(true);

const UpdateUserBody = v.object({
  email: v.optional(emailField),
  status: v.optional(statusField),
});

const NotificationBody = v.object({ disable_notification: flagField });

const EmptyData = v.object({});

const localeOf = (languageCode: string) =>
  (Object.entries(LANGUAGE_CODES).find(([, code]) => code === languageCode)?.[0] ?? null) as Language | null;

/**
 * The language the profile asks for, refused when the brand does not offer it (shell spec, section
 * 5): the brand's pages, mail and messages exist only in its own languages.
 */
function offeredLocale(c: Context<AppEnv>, languageCode: string): Language {
  const offered = c.get('brand').assets.supportedLanguage;
  const locale = localeOf(languageCode);
  if (locale === null || !offered.includes(locale)) {
    const codes = offered.map((language) => LANGUAGE_CODES[language]).join(', ');
    throw new ApiError(422, 'invalidFields', {
      language_code: [{ key: 'languageNotOffered', params: { codes } }],
    });
  }
  return locale;
}

const sendUser = async (c: Context<AppEnv>, { db }: Services, user: UserRow) =>
  sendData(c, await toWireUser(db, user));

/** The signed-in user's own account. Every query is scoped by the session's user id. */
export const userModule: ApiModule = {
  tag: 'user',
  description: "The signed-in user's own account.",
  routes: [
    route({
      method: 'get',
      path: '/user',
      summary: 'The signed-in user (`expand=statistics` adds the counters)',
      access: 'session',
      learnerData: true,
      query: UserQuery,
      answer: dataAnswer(WireUser),
      // One round trip: the linked networks are read by the statement that checks the session.
      readWithSession: (_input, tokenHash, { db }) => sessionUserWithLinks(db, tokenHash, null),
      async handle(c, { query, auth, read }, { db }) {
        const withStatistics = (query.expand ?? '').split(',').some((part) => part.trim() === 'statistics');
        return sendData(c, await toWireUserWithLinks(db, auth.user, read.links, withStatistics));
      },
    }),

    route({
      method: 'post',
      path: '/user',
      summary: 'Update the profile (only the given fields)',
      access: 'session',
      learnerData: true,
      body: ProfileBody,
      answer: dataAnswer(WireUser),
      async handle(c, { body, auth }, services) {
        const current = auth.user;
        const locale = body.language_code === undefined ? undefined : offeredLocale(c, body.language_code);
        const values: Partial<UserRow> = {
          name: body.name,
          lastName: body.last_name,
          city: body.city,
          gender: body.gender,
          phone: body.phone,
          birthday: body.birthday,
          instagramId: body.instagram_id,
          timezone: body.timezone && canonicalTimeZone(body.timezone),
          languageCode: body.language_code,
          locale,
          disableNotification: body.disable_notification,
        };
        // The forced profile step is over once the three required fields are there.
        const name = values.name ?? current.name;
        const lastName = values.lastName ?? current.lastName;
        const phone = values.phone ?? current.phone;
        if (name && lastName && phone) values.isRequireUpdateProfile = 0;
        return sendUser(c, services, await saveUser(services.db, current.id, values));
      },
    }),

    route({
      method: 'delete',
      path: '/user',
      summary: 'Delete the account and end its other sessions',
      description:
        "The account's uploads (the profile photo) are deleted with it, files included. Its e-mail, " +
        'app id and linked networks are freed: signing up with them again makes a new account.',
      access: 'session',
      learnerData: true,
      answer: dataAnswer(EmptyData),
      async handle(c, { auth }, { db, sessions, settings }) {
        await deleteAccount(db, auth.user.id);
        // After the status: an upload still arriving then finds the account deleted and keeps nothing.
        await deleteUploadsOf(db, settings.mediaDir, auth.user.id);
        await sessions.revokeAll(auth.user.id, auth.sessionId);
        return sendData(c, {});
      },
    }),

    route({
      method: 'post',
      path: '/user/update-password',
      summary: 'Change the password; other sessions end and a new token is issued',
      description:
        'An account without a password (`has_password` 0: made through a social network) sets its ' +
        'first one without `current_password`. A forced change (`is_require_update_password`) needs ' +
        'no current password either. The token that made the change keeps working for 30 s, so calls ' +
        'already under way are not refused; another password change from it is (401). Of two changes ' +
        'at once from two sessions, one is saved and the other refused (401, its session ending).',
      access: 'session',
      learnerData: true,
      body: PasswordChangeBody,
      bodyFor: (auth) =>
        needsCurrentPassword(auth.user) ? PasswordChangeBodyWithCurrent : PasswordChangeBody,
      answer: dataAnswer(WireSignedIn),
      refusals: [429],
      async handle(c, { body, auth }, services) {
        const { db, passwords, sessions } = services;
        const { user, sessionId } = auth;
        // The grace of a replaced session is for calls already under way, not for another change
        // that would replace the new session in turn.
        if (await sessions.isReplaced(sessionId)) throw new ApiError(401, 'unauthorized');
        const passwordHash = await passwords.hash(body.password);
        let updated: UserRow | undefined;
        if (user.passwordHash === null) {
          // No old password to prove (an account made through a social network): the session is
          // the proof. One that got a password meanwhile has to give it.
          updated = await replacePassword(db, user.id, null, passwordHash);
          if (!updated) throw fieldError('current_password', 'required');
        } else {
          // A forced change and the registration chat's password step need no old password: the
          // session is the proof. Any other change has it in its body (`bodyFor` required it).
          if (needsCurrentPassword(user)) {
            if (!body.current_password) throw fieldError('current_password', 'required');
            await checkPassword(c, services, {
              account: signInAccountOf(user),
              user,
              password: body.current_password,
              field: 'current_password',
              wrong: 'wrongCurrentPassword',
            });
          }
          // A change, forced or not, that keeps the password would leave a school's temporary one
          // (or a leaked one) in place while the account reads as changed.
          if (await passwords.verify(user.passwordHash, body.password)) {
            throw fieldError('password', 'passwordUnchanged');
          }
          // Another session changed the password since this one was read: that change ends this
          // session, and the password checked here is no longer the account's.
          updated = await replacePassword(db, user.id, user.passwordHash, passwordHash);
          if (!updated) throw new ApiError(401, 'unauthorized');
        }
        await voidPasswordResets(db, user.id);
        return sendData(c, {
          token: await sessions.replace(user.id, sessionId),
          user: await toWireUser(db, updated),
        });
      },
    }),

    route({
      method: 'post',
      path: '/user/update-user',
      summary: 'Set the e-mail (for accounts without one) or the registration status',
      access: 'session',
      learnerData: true,
      body: UpdateUserBody,
      answer: dataAnswer(WireUser),
      async handle(c, { body, auth }, services) {
        const { user } = auth;
        if (body.email === undefined && body.status === undefined) throw fieldError('email', 'emailOrStatus');
        // The chat only moves forward: a status that went back to the password step would let a
        // session set a password without the current one.
        if (body.status !== undefined && !isStatusStep(user.status, body.status)) {
          throw fieldError('status', 'statusBackwards');
        }
        // Only an account without an e-mail (made by app id) is given one here: changing an
        // address, the account's sign-in, takes more than a session (a stolen token must not).
        if (body.email !== undefined && user.email !== null && user.email !== body.email) {
          throw fieldError('email', 'emailAlreadySet');
        }
        if (body.email !== undefined && (await isEmailTaken(services.db, body.email, user.id))) {
          throw fieldError('email', 'emailTaken');
        }
        try {
          return sendUser(
            c,
            services,
            await saveUser(services.db, user.id, { email: body.email, status: body.status }),
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw fieldError('email', 'emailTaken');
          throw error;
        }
      },
    }),

    route({
      method: 'post',
      path: '/user/notification',
      summary: 'Switch notifications off (1) or on (0)',
      access: 'session',
      learnerData: true,
      body: NotificationBody,
      answer: dataAnswer(WireUser),
      async handle(c, { body, auth }, services) {
        const saved = await saveUser(services.db, auth.user.id, {
          disableNotification: body.disable_notification,
        });
        return sendUser(c, services, saved);
      },
    }),
  ],
};
