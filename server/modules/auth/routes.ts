import type { Context } from 'hono';
import * as v from 'valibot';
import { isUniqueViolation } from '../../db/errors';
import { type UserRow, users } from '../../db/schema';
import { limitedPerAddress } from '../../http/address-limit';
import { brandOffers } from '../../http/brand-flag';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { fieldError } from '../../http/errors';
import {
  appIdField,
  emailField,
  fieldPath,
  givenPasswordField,
  passwordField,
  statusField,
  timezoneField,
  withMatchingRepeat,
} from '../../http/fields';
import { sendData, sendJson } from '../../http/respond';
import { type ApiModule, dataAnswer, jsonAnswer, route } from '../../http/route';
import type { Services } from '../../infra/container';
import { isMessageKey, LANGUAGE_CODES, type MessageKey, translate } from '../../infra/i18n';
import { clearAccountAttempts, recordAttempt } from '../../infra/rate-limit';
import { deleteSessionSubscriptions } from '../push/queries';
import { findUserByAppId, findUserByEmail, isEmailTaken } from '../user/queries';
import { toWireUser, WireSignedIn } from '../user/wire';
import { checkPassword, guardAttempts, type PasswordAttempt, signInAccountOf } from './attempts';
import { linkBase } from './link-base';
import { createPasswordReset, resetPassword } from './queries';

const LoginBody = v.object({ email: emailField, password: givenPasswordField });
const AppIdLoginBody = v.object({ app_id: appIdField, password: givenPasswordField });
const repeatField = v.string('notText' satisfies MessageKey);
const EmailSignupBody = withMatchingRepeat(
  v.pipe(
    v.object({
      username: v.optional(v.string('notText' satisfies MessageKey)),
      email: emailField,
      password: passwordField,
      password_repeat: repeatField,
      timezone: v.optional(timezoneField),
      /** The registration chat makes its account at the step it continues with (20, 30 or 40). */
      status: v.optional(statusField),
    }),
    // The form sends its e-mail as the username too (shell spec, section 5): another one is a
    // mistake, reported with the form's other mistakes, a wrong e-mail's included (the two are
    // compared as typed, trimmed and lowercased as the e-mail is).
    v.rawCheck(({ dataset, addIssue }) => {
      const form = dataset.value as Record<string, unknown>;
      const { username, email } = form;
      if (typeof username !== 'string' || typeof email !== 'string') return;
      if (username.trim().toLowerCase() === email.trim().toLowerCase()) return;
      addIssue({ message: 'usernameNotEmail' satisfies MessageKey, path: fieldPath(form, 'username') });
    }),
  ),
);
const AppIdSignupBody = withMatchingRepeat(
  v.object({ app_id: appIdField, password: passwordField, password_repeat: repeatField }),
);
const ValidateSignupBody = v.object({ email: v.optional(v.unknown()), app_id: v.optional(v.unknown()) });
const ResetRequestBody = v.object({ email: emailField });
const ResetPasswordBody = withMatchingRepeat(
  v.object({
    token: v.pipe(
      v.string('resetTokenInvalid' satisfies MessageKey),
      v.nonEmpty('required' satisfies MessageKey),
    ),
    password: passwordField,
    password_repeat: repeatField,
  }),
  'newPasswordMismatch',
);

const EmptyData = v.object({});
/** The live sign-up check: each list holds the field's errors, empty when the value is fine. */
const SignupCheckAnswer = v.object({
  success: v.boolean(),
  data: v.object({ 'signupform-email': v.array(v.string()), 'signupform-app_id': v.array(v.string()) }),
});

/** Sign-ups (by e-mail or app id) only on brands with registration open. */
const registrationOpen = brandOffers('isRegistrationEnable', 'registrationClosed');

const checkSignupLimit = limitedPerAddress((services) => services.signupCheckLimit);

async function signedIn(c: Context<AppEnv>, services: Services, user: UserRow, status: 200 | 201 = 200) {
  const token = await services.sessions.issue(user.id);
  return sendData(c, { token, user: await toWireUser(services.db, user) }, status);
}

/**
 * Signs in with a password under the sign-in rate limit; a wrong password answers 422 under `password`.
 * An account is counted under one name whichever way it signs in (an app id account given an e-mail
 * has both), so neither route doubles its tries; a name no account has is counted as typed.
 */
async function passwordSignIn(
  c: Context<AppEnv>,
  services: Services,
  { typed, ...attempt }: Omit<PasswordAttempt, 'field' | 'account'> & { typed: string },
) {
  const account = attempt.user ? signInAccountOf(attempt.user) : typed;
  return signedIn(c, services, await checkPassword(c, services, { ...attempt, account, field: 'password' }));
}

async function createUser(
  c: Context<AppEnv>,
  { db, passwords }: Services,
  values: Omit<typeof users.$inferInsert, 'passwordHash'>,
  password: string,
  field: 'email' | 'app_id',
) {
  const lang = c.get('lang');
  try {
    const [user] = await db
      .insert(users)
      .values({
        ...values,
        passwordHash: await passwords.hash(password),
        locale: lang,
        languageCode: LANGUAGE_CODES[lang],
      })
      .returning();
    if (!user) throw new Error('insert returned no row');
    return user;
  } catch (error) {
    // Two sign-ups racing for the same address: the unique index decides.
    if (isUniqueViolation(error)) throw fieldError(field, field === 'email' ? 'emailTaken' : 'appIdTaken');
    throw error;
  }
}

/** Error lists for the sign-up form's live check; empty lists mean the value is fine. */
async function signupFieldErrors(
  c: Context<AppEnv>,
  { db }: Services,
  field: 'email' | 'app_id',
  value: unknown,
): Promise<string[]> {
  if (value === undefined) return [];
  const lang = c.get('lang');
  const parsed = v.safeParse(field === 'email' ? emailField : appIdField, value, { abortPipeEarly: true });
  if (!parsed.success) {
    const key = parsed.issues[0]?.message ?? '';
    return [translate(lang, isMessageKey(key) ? key : 'notText')];
  }
  const taken =
    field === 'email'
      ? await isEmailTaken(db, parsed.output)
      : (await findUserByAppId(db, parsed.output)) !== undefined;
  return taken ? [translate(lang, field === 'email' ? 'emailTaken' : 'appIdTaken')] : [];
}

async function mailResetLink(c: Context<AppEnv>, services: Services, user: UserRow, email: string) {
  const token = await createPasswordReset(services.db, user.id);
  const brand = c.get('brand');
  const lang = c.get('lang');
  const link = `${linkBase(c, services.settings)}/v/reset?token=${token}`;
  await services.mailer.send({
    from: `"${brand.assets.title}" <${brand.assets.supportEmail}>`,
    to: email,
    subject: translate(lang, 'resetMailSubject', { brand: brand.assets.title }),
    text: translate(lang, 'resetMailText', { brand: brand.assets.title, email, link }),
  });
}

/** Sign-in, sign-up, password recovery by mail and sign-out. */
export const authModule: ApiModule = {
  tag: 'auth',
  description: 'Sign-in, sign-up, password recovery by mail and sign-out.',
  routes: [
    route({
      method: 'post',
      path: '/auth/login',
      summary: 'Sign in with e-mail and password',
      access: 'none',
      body: LoginBody,
      answer: dataAnswer(WireSignedIn),
      refusals: [429],
      async handle(c, { body }, services) {
        return passwordSignIn(c, services, {
          typed: `email:${body.email}`,
          user: await findUserByEmail(services.db, body.email),
          password: body.password,
          wrong: 'wrongCredentials',
        });
      },
    }),

    route({
      method: 'post',
      path: '/auth/login-by-app-id',
      summary: 'Sign in with an app id and password',
      access: 'none',
      body: AppIdLoginBody,
      answer: dataAnswer(WireSignedIn),
      refusals: [429],
      async handle(c, { body }, services) {
        return passwordSignIn(c, services, {
          typed: `app:${body.app_id}`,
          user: await findUserByAppId(services.db, body.app_id),
          password: body.password,
          wrong: 'wrongAppCredentials',
        });
      },
    }),

    route({
      method: 'post',
      path: '/auth/signup-by-email',
      summary: 'Sign up with e-mail and password (brands with registration open)',
      access: 'none',
      precondition: registrationOpen,
      body: EmailSignupBody,
      answer: dataAnswer(WireSignedIn, 201),
      refusals: [403],
      async handle(c, { body }, services) {
        if (await isEmailTaken(services.db, body.email)) throw fieldError('email', 'emailTaken');
        const values = { email: body.email, timezone: body.timezone ?? null, status: body.status };
        return signedIn(c, services, await createUser(c, services, values, body.password, 'email'), 201);
      },
    }),

    route({
      method: 'post',
      path: '/auth/signup-by-app-id',
      summary: 'Sign up with an app id and password (brands with registration open)',
      access: 'none',
      // An app id account can be given an e-mail later (POST /user/update-user): a closed brand
      // refuses it as it refuses a sign-up by e-mail.
      precondition: registrationOpen,
      body: AppIdSignupBody,
      answer: dataAnswer(WireSignedIn, 201),
      refusals: [403],
      async handle(c, { body }, services) {
        if (await findUserByAppId(services.db, body.app_id)) throw fieldError('app_id', 'appIdTaken');
        const user = await createUser(c, services, { appId: body.app_id }, body.password, 'app_id');
        return signedIn(c, services, user, 201);
      },
    }),

    route({
      method: 'post',
      path: '/auth/validate-signup-form',
      summary: 'Check a sign-up e-mail or app id while it is typed (brands with registration open)',
      description:
        'It tells whether an account uses the address, so only where anyone may sign up, and a client address may check 30 within 10 minutes.',
      access: 'none',
      precondition(c, services) {
        registrationOpen(c);
        checkSignupLimit(c, services);
      },
      body: ValidateSignupBody,
      answer: jsonAnswer(SignupCheckAnswer),
      refusals: [403, 429],
      async handle(c, { body }, services) {
        // Nothing to check is a mistake of the caller, not a form without errors.
        if (body.email === undefined && body.app_id === undefined) throw fieldError('email', 'emailOrAppId');
        const data = {
          'signupform-email': await signupFieldErrors(c, services, 'email', body.email),
          'signupform-app_id': await signupFieldErrors(c, services, 'app_id', body.app_id),
        };
        const fine = data['signupform-email'].length === 0 && data['signupform-app_id'].length === 0;
        return sendJson(c, { success: fine, data }, 200);
      },
    }),

    route({
      method: 'post',
      path: '/auth/request-password-reset',
      summary: 'Mail a password-reset link (the answer is the same for unknown addresses)',
      access: 'none',
      body: ResetRequestBody,
      answer: dataAnswer(EmptyData),
      refusals: [429],
      async handle(c, { body: { email } }, services) {
        guardAttempts(c, services.resetLimits, email);
        recordAttempt(services.resetLimits, email, clientAddress(c));
        const user = await findUserByEmail(services.db, email);
        if (user && user.status !== 0) await mailResetLink(c, services, user, email);
        return sendData(c, {});
      },
    }),

    route({
      method: 'post',
      path: '/auth/reset-password',
      summary: "Set a new password with the mailed token; the account's sessions end",
      access: 'none',
      body: ResetPasswordBody,
      answer: dataAnswer(WireSignedIn),
      async handle(c, { body }, services) {
        const user = await resetPassword(services.db, body.token, () =>
          services.passwords.hash(body.password),
        );
        if (!user) throw fieldError('token', 'resetTokenInvalid');
        await services.sessions.revokeAll(user.id);
        clearAccountAttempts(services.loginLimits, signInAccountOf(user), clientAddress(c));
        return signedIn(c, services, user);
      },
    }),

    route({
      method: 'post',
      path: '/auth/logout',
      summary: "End this request's session",
      access: 'session',
      answer: dataAnswer(EmptyData),
      async handle(c, { auth }, { db, sessions }) {
        // The spec: logout removes the push user id. This device gets no more pushes.
        await deleteSessionSubscriptions(db, auth.sessionId);
        await sessions.revoke(auth.sessionId);
        return sendData(c, {});
      },
    }),
  ],
};
