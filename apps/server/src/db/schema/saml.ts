import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tokens } from './identity';

/** AuthnRequests sent to the IdP, so a response's InResponseTo can be checked and used once. */
export const samlRequests = pgTable('saml_requests', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Assertion ids already used, kept until they could no longer be valid: a replay is refused. */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('saml_assertions_expires_idx').on(table.expiresAt)],
);

/**
 * LogoutRequest ids the IdP has sent, kept until the request could no longer
 * be taken (its NotOnOrAfter, or a bounded time after its IssueInstant): a
 * replayed one is refused on any instance.
 */
export const samlLogoutRequests = pgTable(
  'saml_logout_requests',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('saml_logout_requests_expires_idx').on(table.expiresAt)],
);

/** The IdP session behind a portal token, needed to log out at the IdP. */
export const ssoSessions = pgTable('sso_sessions', {
  tokenId: uuid('token_id')
    .primaryKey()
    .references(() => tokens.id, { onDelete: 'cascade' }),
  nameId: text('name_id').notNull(),
  nameIdFormat: text('name_id_format'),
  sessionIndex: text('session_index'),
});
