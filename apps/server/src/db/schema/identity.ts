import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { securityMarkings } from '@skolportalen/shared';
import { categories } from './groups';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stable municipal user id, also the SSO match attribute. */
    uid: text('uid').notNull().unique(),
    /** Login name, stored lower-case. */
    username: text('username').notNull().unique(),
    /** argon2id; null for accounts that only sign in through SSO. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    /** Person id in the school-data source (SS 12000), when imported. */
    externalId: text('external_id').unique(),
    /** Set when the account is disabled: it cannot sign in and its sessions have ended. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Why, in the administrator's words (shown in the administration only). */
    disabledReason: text('disabled_reason'),
    /** Since when the school-data import keeps the account: only such accounts are disabled when they leave the source. */
    importedAt: timestamp('imported_at', { withTimezone: true }),
    /** Disabled by the import because the source no longer lists the person; a later import that lists them enables it again. */
    disabledByImport: boolean('disabled_by_import').notNull().default(false),
    /** The population register's mark (SS 12000 Person.securityMarking): anything but Ingen protects the person (decision 0039). */
    securityMarking: text('security_marking', { enum: securityMarkings })
      .notNull()
      .default('Ingen'),
    /** The language the person reads content in (issue 27): a BCP 47 tag among CONTENT_LANGUAGES. */
    preferredLanguage: text('preferred_language').notNull().default('sv'),
    /** When the person chose a language or put the question away: a guardian is asked once. */
    languageAskedAt: timestamp('language_asked_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // Single sign-on finds the account by uid in any letter case (sso-account.ts): without
    // this, every SSO sign-in read every account.
    index('users_uid_lower_idx').on(sql`lower(${table.uid})`),
    check(
      'users_security_marking_known',
      sql`${table.securityMarking} in ('Ingen', 'Sekretessmarkering', 'Skyddad folkbokföring')`,
    ),
    check(
      'users_preferred_language_shape',
      sql`${table.preferredLanguage} ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$'`,
    ),
  ],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  /** The role category (type "role") that targets content at this role. */
  categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const capabilities = pgTable('capabilities', {
  key: text('key').primaryKey(),
  group: text('group').notNull(),
});

export const roleCapabilities = pgTable(
  'role_capabilities',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    capabilityKey: text('capability_key')
      .notNull()
      .references(() => capabilities.key, { onDelete: 'cascade' }),
    value: boolean('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.capabilityKey] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.roleId] }),
    index('user_roles_role_idx').on(table.roleId),
  ],
);

/** A user's own value for a right, overriding whatever their roles say. */
export const userCapabilities = pgTable(
  'user_capabilities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    capabilityKey: text('capability_key')
      .notNull()
      .references(() => capabilities.key, { onDelete: 'cascade' }),
    value: boolean('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.capabilityKey] })],
);

/**
 * Accounts related to an account: "account" links the accounts of one person
 * (stored in both directions), "child" links a guardian to a child.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relatedUserId: integer('related_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relation: text('relation', { enum: ['account', 'child'] }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.relatedUserId] }),
    index('account_links_related_idx').on(table.relatedUserId),
    check('account_links_not_self', sql`${table.userId} <> ${table.relatedUserId}`),
  ],
);

export const tokens = pgTable(
  'tokens',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the secret; the secret itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    type: text('type', { enum: ['login', 'related', 'masked', 'api', 'sso'] }).notNull(),
    issued: timestamp('issued', { withTimezone: true }).notNull().defaultNow(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['active', 'revoked'] })
      .notNull()
      .default('active'),
    masked: boolean('masked').notNull().default(false),
    /** The administrator acting as this user, when masked. */
    maskedBy: integer('masked_by').references(() => users.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Last request made with the token, written at most once a minute (decision 0019). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent and the client's address at sign-in, for the list of one's own sign-ins. */
    userAgent: text('user_agent'),
    address: text('address'),
    /**
     * Who really acts through this token, recorded when it is issued and never
     * read from the browser (decision 0027). The sign-in token a browser session
     * grew from (itself for a sign-in or an API key): every token of one session
     * shares it.
     */
    sessionId: uuid('session_id').notNull(),
    /** The token of the session this one was issued through (role switch, masking); null for a sign-in. */
    issuedThrough: uuid('issued_through').references((): AnyPgColumn => tokens.id, {
      onDelete: 'set null',
    }),
    /** The account that signed in and started the session. */
    signedInUserId: integer('signed_in_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The account the session's related accounts are computed from (decision
     * 0002): the signed-in account, or the masked person in a masked session.
     */
    originUserId: integer('origin_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('tokens_user_idx').on(table.userId),
    index('tokens_session_idx').on(table.sessionId),
    // Deleting an administrator cascades to the tokens she masked through.
    index('tokens_masked_by_idx').on(table.maskedBy),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The account the action was made as. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The administrator behind a masked session, when there was one. */
    realUserId: integer('real_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    /** The client's address as the portal saw it (behind a proxy: with TRUST_PROXY). */
    address: text('address'),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
    index('audit_log_at_idx').on(table.at),
  ],
);

/**
 * Audit entries not yet delivered to the municipality's log system. A trigger
 * adds every new entry at its commit, so none is skipped however transactions
 * interleave; the export deletes what the log system accepted (decision 0022).
 */
export const auditExportPending = pgTable('audit_export_pending', {
  auditId: bigint('audit_id', { mode: 'number' })
    .primaryKey()
    .references(() => auditLog.id, { onDelete: 'cascade' }),
});
