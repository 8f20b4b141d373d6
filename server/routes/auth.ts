import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { passwordResets, type UserRow, users } from '../db/schema';
import { requireAuth } from '../http/auth';
import { clientAddress } from '../http/client-address';
import type { AppEnv } from '../http/context';
import { ApiError, fieldError } from '../http/errors';
import {
  appIdField,
  emailField,
  givenPasswordField,
  passwordField,
  timezoneField,
  withMatchingRepeat,
} from '../http/fields';
import { sendData } from '../http/respond';
import { readBody } from '../http/validation';
import { findUserByAppId, findUserByEmail, isEmailTaken, isUniqueViolation } from '../services/accounts';
import type { Services } from '../services/container';
import { isMessageKey, LANGUAGE_CODES, type MessageKey, translate } from '../services/i18n';
import { type AttemptLimits, attemptRetryAfter, recordAttempt } from '../services/rate-limit';
import { hashToken, newToken } from '../services/tokens';
import { toWireUser } from '../services/users';

const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const LoginBody = v.object({ email: emailField, password: givenPasswordField });
const AppIdLoginBody = v.object({ app_id: appIdField, password: givenPasswordField });
const repeatField = v.string('notText' satisfies MessageKey);
const EmailSignupBody = withMatchingRepeat(
  v.object({
    username: v.optional(v.string('notText' satisfies MessageKey)),
    email: emailField,
    password: passwordField,
    password_repeat: repeatField,
    timezone: v.optional(timezoneField),
  }),
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
);

function tooManyAttempts(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    'tooManyAttempts',
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
    { minutes: Math.ceil(retryAfterSeconds / 60) },
  );
}

/** Refuses with 429 while this account or this client is over the limit. */
function guardAttempts(c: Context<AppEnv>, limits: AttemptLimits, account: string): void {
  const wait = attemptRetryAfter(limits, account, clientAddress(c));
  if (wait > 0) throw tooManyAttempts(wait);
}

export function authRoutes(services: Services) {
  const { db, passwords, sessions } = services;

  const signedIn = async (c: Context<AppEnv>, user: UserRow, status: 200 | 201 = 200) =>
    sendData(c, { token: await sessions.issue(user.id), user: await toWireUser(db, user) }, status);

  /** Checks a password with the sign-in rate limit; a wrong password answers 422 under `field`. */
  async function passwordSignIn(
    c: Context<AppEnv>,
    attempt: {
      account: string;
      user: UserRow | undefined;
      password: string;
      field: string;
      wrong: MessageKey;
    },
  ) {
    guardAttempts(c, services.loginLimits, attempt.account);
    const { user } = attempt;
    const valid =
      user && user.status !== 0
        ? await passwords.verify(user.passwordHash, attempt.password)
        : await passwords.verifyNothing(attempt.password).then(() => false);
    if (!user || !valid) {
      recordAttempt(services.loginLimits, attempt.account, clientAddress(c));
      throw fieldError(attempt.field, attempt.wrong);
    }
    services.loginLimits.perAccount.clear(attempt.account);
    return signedIn(c, user);
  }

  async function createUser(
    c: Context<AppEnv>,
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

  return new Hono<AppEnv>()
    .post('/auth/login', async (c) => {
      const body = await readBody(c, LoginBody);
      const user = await findUserByEmail(db, body.email);
      return passwordSignIn(c, {
        account: `email:${body.email}`,
        user,
        password: body.password,
        field: 'password',
        wrong: 'wrongCredentials',
      });
    })

    .post('/auth/login-by-app-id', async (c) => {
      const body = await readBody(c, AppIdLoginBody);
      const user = await findUserByAppId(db, body.app_id);
      return passwordSignIn(c, {
        account: `app:${body.app_id}`,
        user,
        password: body.password,
        field: 'password',
        wrong: 'wrongAppCredentials',
      });
    })

    .post('/auth/signup-by-email', async (c) => {
      if (!c.get('brand').flags.isRegistrationEnable) throw new ApiError(403, 'registrationClosed');
      const body = await readBody(c, EmailSignupBody);
      if (await isEmailTaken(db, body.email)) throw fieldError('email', 'emailTaken');
      const user = await createUser(
        c,
        { email: body.email, timezone: body.timezone ?? null },
        body.password,
        'email',
      );
      return signedIn(c, user, 201);
    })

    .post('/auth/signup-by-app-id', async (c) => {
      const body = await readBody(c, AppIdSignupBody);
      if (await findUserByAppId(db, body.app_id)) throw fieldError('app_id', 'appIdTaken');
      const user = await createUser(c, { appId: body.app_id }, body.password, 'app_id');
      return signedIn(c, user, 201);
    })

    .post('/auth/validate-signup-form', async (c) => {
      const body = await readBody(c, ValidateSignupBody);
      const data = {
        'signupform-email': await signupFieldErrors(c, 'email', body.email),
        'signupform-app_id': await signupFieldErrors(c, 'app_id', body.app_id),
      };
      const fine = data['signupform-email'].length === 0 && data['signupform-app_id'].length === 0;
      return c.json({ success: fine, data });
    })

    .post('/auth/request-password-reset', async (c) => {
      const { email } = await readBody(c, ResetRequestBody);
      guardAttempts(c, services.resetLimits, email);
      recordAttempt(services.resetLimits, email, clientAddress(c));
      const user = await findUserByEmail(db, email);
      // The answer is the same whether or not the address exists.
      if (user && user.status !== 0) await mailResetLink(c, services, user, email);
      return sendData(c, {});
    })

    .post('/auth/reset-password', async (c) => {
      const body = await readBody(c, ResetPasswordBody);
      const now = new Date();
      const [reset] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(body.token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId });
      const owner = reset && (await db.select().from(users).where(eq(users.id, reset.userId)).limit(1))[0];
      if (!owner || owner.status === 0) throw fieldError('token', 'resetTokenInvalid');
      const [user] = await db
        .update(users)
        .set({ passwordHash: await passwords.hash(body.password), isRequireUpdatePassword: 0 })
        .where(eq(users.id, owner.id))
        .returning();
      // Any other link mailed earlier dies with this one.
      await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, owner.id), isNull(passwordResets.usedAt)));
      await sessions.revokeAll(owner.id);
      if (owner.email) services.loginLimits.perAccount.clear(`email:${owner.email}`);
      return signedIn(c, user ?? owner);
    })

    .post('/auth/logout', requireAuth(sessions), async (c) => {
      await sessions.revoke(c.get('auth').sessionId);
      return sendData(c, {});
    });
}

async function mailResetLink(c: Context<AppEnv>, services: Services, user: UserRow, email: string) {
  const token = newToken();
  await services.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
  });
  const brand = c.get('brand');
  const lang = c.get('lang');
  const origin = (services.settings.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');
  const link = `${origin}/v/reset?token=${token}`;
  await services.mailer.send({
    from: `"${brand.assets.title}" <${brand.assets.supportEmail}>`,
    to: email,
    subject: translate(lang, 'resetMailSubject', { brand: brand.assets.title }),
    text: translate(lang, 'resetMailText', { brand: brand.assets.title, email, link }),
  });
}
