import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import { isUniqueViolation } from '../../db/errors';
import { type OauthFlowRow, type UserRow, userExternalAuths, users } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { emailField } from '../../http/fields';
import type { Services } from '../../infra/container';
import { LANGUAGE_CODES } from '../../infra/i18n';
import { isEmailTaken } from '../user/queries';
import type { SocialProvider } from './config';
import type { ProviderAccount } from './providers';
import { findActiveUser, findLinkBySubject, insertLink, issueExchangeCode } from './queries';
import type { Outcome } from './return-urls';

/**
 * What a provider's answer means for the app once the account is known: a session for the linked
 * user, a new user (sign-up), a new link, or the spec's error code. Never links by e-mail: an
 * address the provider reports may belong to someone else's account here.
 */

/**
 * A new user for a verified, unused address; undefined when the address is taken (also by a racing
 * sign-up) or is not one a sign-up by e-mail would take (so it is never the mark a deleted account's
 * address became).
 */
async function signUp(
  c: Context<AppEnv>,
  services: Services,
  flow: OauthFlowRow,
  provider: SocialProvider,
  account: ProviderAccount,
) {
  const email = account.email;
  if (!email || !v.is(emailField, email) || (await isEmailTaken(services.db, email))) return undefined;
  const lang = c.get('lang');
  try {
    return await services.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          name: account.firstName,
          lastName: account.lastName,
          // No password: the account signs in through the network, and sets one while signed in
          // (POST /user/update-password) or by reset mail.
          passwordHash: null,
          // The zone the browser named when it started the flow: reminders then follow its day.
          timezone: flow.timezone,
          locale: lang,
          languageCode: LANGUAGE_CODES[lang],
        })
        .returning();
      if (!user) throw new Error('insert returned no row');
      await tx
        .insert(userExternalAuths)
        .values({ userId: user.id, source: provider, subject: account.subject, email });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function loginOutcome(
  c: Context<AppEnv>,
  services: Services,
  flow: OauthFlowRow,
  provider: SocialProvider,
  account: ProviderAccount,
): Promise<Outcome> {
  const fail = (errorCode: 'login_no_link' | 'login_no_user_from_link'): Outcome => ({
    action: 'login',
    status: 'fail',
    errorCode,
    network: provider,
  });
  const link = await findLinkBySubject(services.db, provider, account.subject);
  let user: UserRow | undefined;
  if (link) {
    user = await findActiveUser(services.db, link.userId);
    if (!user) return fail('login_no_user_from_link');
  } else {
    const mayRegister = c.get('brand').flags.isRegistrationEnable && account.emailVerified;
    user = mayRegister ? await signUp(c, services, flow, provider, account) : undefined;
    if (!user) return fail('login_no_link');
  }
  const code = await issueExchangeCode(services.db, flow.id, user.id);
  return { action: 'login', status: 'success', code, network: provider };
}

export async function linkOutcome(
  services: Services,
  flow: OauthFlowRow,
  provider: SocialProvider,
  account: ProviderAccount,
): Promise<Outcome> {
  const fail = (errorCode: 'link_user_unauthorised' | 'link_social_id_already_taken'): Outcome => ({
    action: 'link',
    status: 'fail',
    errorCode,
    network: provider,
  });
  const user = flow.userId === null ? undefined : await findActiveUser(services.db, flow.userId);
  if (!user) return fail('link_user_unauthorised');
  const existing = await findLinkBySubject(services.db, provider, account.subject);
  if (existing && existing.userId !== user.id) return fail('link_social_id_already_taken');
  if (!existing) {
    try {
      // Linking another account of the same network replaces the old link (one per network and user).
      await services.db
        .delete(userExternalAuths)
        .where(and(eq(userExternalAuths.userId, user.id), eq(userExternalAuths.source, provider)));
      await insertLink(services.db, {
        userId: user.id,
        source: provider,
        subject: account.subject,
        email: account.email,
      });
    } catch (error) {
      // Someone else linked the same account a moment earlier.
      if (isUniqueViolation(error)) return fail('link_social_id_already_taken');
      throw error;
    }
  }
  return { action: 'link', status: 'success', network: provider };
}
