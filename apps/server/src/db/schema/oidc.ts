import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tokens } from './identity';

/**
 * Sign-ins started at an OpenID Connect provider and not yet answered: the
 * state names one, and its PKCE verifier and nonce are checked against the
 * provider's answer. Each is used once and expires after ten minutes.
 */
export const oidcSignInRequests = pgTable(
  'oidc_sign_in_requests',
  {
    state: text('state').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** Where the person goes after signing in (a path of the portal). */
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('oidc_sign_in_requests_expires_idx').on(table.expiresAt)],
);

/** The provider's session behind a portal token: for logging out there, and for its back-channel logout. */
export const oidcSessions = pgTable(
  'oidc_sessions',
  {
    tokenId: uuid('token_id')
      .primaryKey()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** The provider's session id (`sid`), when it sends one. */
    sessionId: text('session_id'),
    /** Sent back as id_token_hint when the person logs out. */
    idToken: text('id_token').notNull(),
  },
  (table) => [
    index('oidc_sessions_provider_sid_idx').on(table.provider, table.sessionId),
    index('oidc_sessions_provider_sub_idx').on(table.provider, table.subject),
  ],
);

/** Logout tokens already used (their `jti`), kept until they expire: a replay is refused. */
export const oidcLogoutTokens = pgTable(
  'oidc_logout_tokens',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('oidc_logout_tokens_expires_idx').on(table.expiresAt)],
);
