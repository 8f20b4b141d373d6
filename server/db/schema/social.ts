import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, moment } from './columns';

/** Social sign-in: the accounts of outside providers linked to users, and the redirects under way. */

export const userExternalAuths = pgTable(
  'user_external_auths',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** google | vkontakte | facebook | apple (the spec's external auth sources). */
    source: text('source').notNull(),
    /** The provider's stable id of the account (`sub`, or the OAuth 2 provider's user id). */
    subject: text('subject').notNull(),
    /** What the provider said the address was when the link was made; never used to match accounts. */
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_external_auths_source_subject_key').on(t.source, t.subject),
    uniqueIndex('user_external_auths_user_source_key').on(t.userId, t.source),
  ],
);

/**
 * One redirect to a provider and back, kept on the server (the browser holds only a random value
 * that ties the flow to it, see `browserHash`). Single use, 10 minutes.
 */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    id: serial('id').primaryKey(),
    /** Random, sent to the provider as `state`; the only key the callback has. */
    state: text('state').notNull(),
    provider: text('provider').notNull(),
    /** login | link */
    mode: text('mode').notNull(),
    /** The linking user, or the user a finished sign-in is for. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * SHA-256 of the random value in the cookie of the browser that started the flow: the callback
     * goes on only in that browser. Null on flows from before it was kept, which no callback accepts.
     */
    browserHash: text('browser_hash'),
    /** The IANA time zone the starting browser named, given to an account this sign-in makes. */
    timezone: text('timezone'),
    /**
     * The language the flow started in (its `lang`): the outcome's text is written in it, whatever
     * the browser's Accept-Language says when the provider sends it back. Null on older flows.
     */
    language: text('language'),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    expiresAt: moment('expires_at').notNull(),
    /** When the provider's answer came back: a state works once. */
    usedAt: moment('used_at'),
    /**
     * A finished sign-in: SHA-256 of the one-time code the app trades for a session (the session
     * token never travels in a URL). Lives two minutes from the callback.
     */
    exchangeCodeHash: text('exchange_code_hash'),
    exchangedAt: moment('exchanged_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_flows_state_key').on(t.state),
    uniqueIndex('oauth_flows_exchange_code_hash_key').on(t.exchangeCodeHash),
    index('oauth_flows_user_id_idx').on(t.userId),
  ],
);

export type UserExternalAuthRow = typeof userExternalAuths.$inferSelect;
export type OauthFlowRow = typeof oauthFlows.$inferSelect;
