import {
  effectiveCapabilities,
  isAdmin,
  isSchoolResponsible,
  type CapabilityMap,
} from '@skolportalen/shared';
import { sql, type SQL } from 'drizzle-orm';
import { plannedRows, type Executor } from '../db/client';

/** What every request knows about the account it acts as. */
export interface AuthUser {
  id: number;
  uid: string;
  name: string;
  email: string | null;
  firstName: string;
  lastName: string;
  roles: { id: number; key: string; name: string; categoryId: number | null }[];
  capabilities: CapabilityMap;
  isAdmin: boolean;
  isSchoolResponsible: boolean;
  /** A disabled account signs in nowhere; its sessions end (users.disabled_at). */
  disabled: boolean;
  /** The language the person reads content in (issue 27). */
  preferredLanguage: string;
  /** The person has chosen a language or put the question away. */
  languageAsked: boolean;
}

export function fullName(user: { firstName: string; lastName: string }) {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** An account as `authUserQuery` reads it. */
export interface AuthUserRow {
  id: number;
  uid: string;
  first_name: string;
  last_name: string;
  email: string | null;
  disabled: boolean;
  preferred_language: string;
  language_asked: boolean;
  roles: { id: number; key: string; name: string; categoryId: number | null }[] | null;
  role_values: { roleId: number; key: string; value: boolean }[] | null;
  overrides: { key: string; value: boolean }[] | null;
}

/**
 * The account `userId` names (a value, or a subquery giving one), its roles,
 * the roles' rights and the user's own overrides, in one row: what
 * `loadAuthUser` reads, and what a session's first request reads with its
 * tokens (cookie-session.repo.ts).
 */
export function authUserQuery(userId: number | SQL): SQL {
  return sql`
      select u.id, u.uid, u.first_name, u.last_name, u.email, u.disabled_at is not null as disabled,
        u.preferred_language, u.language_asked_at is not null as language_asked,
        (select json_agg(json_build_object('id', r.id, 'key', r.key, 'name', r.name, 'categoryId', r.category_id) order by r.id)
           from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles,
        (select json_agg(json_build_object('roleId', rc.role_id, 'key', rc.capability_key, 'value', rc.value))
           from user_roles ur join role_capabilities rc on rc.role_id = ur.role_id where ur.user_id = u.id) as role_values,
        (select json_agg(json_build_object('key', uc.capability_key, 'value', uc.value))
           from user_capabilities uc where uc.user_id = u.id) as overrides
      from users u where u.id = ${userId}`;
}

/**
 * Every request loads its user, so this is one round trip: the account, its
 * roles, the roles' rights and the user's own overrides.
 */
export async function loadAuthUser(db: Executor, userId: number): Promise<AuthUser | null> {
  const [row] = await plannedRows<AuthUserRow>(db, authUserQuery(userId));
  return row ? authUserOf(row) : null;
}

/** The account as requests know it, from its row. */
export function authUserOf(row: AuthUserRow): AuthUser {
  const userRoleRows = row.roles ?? [];
  const roleValues = row.role_values ?? [];
  const perRole = userRoleRows.map((role) =>
    Object.fromEntries(
      roleValues
        .filter((value) => value.roleId === role.id)
        .map((value) => [value.key, value.value]),
    ),
  );
  const overrides = Object.fromEntries(
    (row.overrides ?? []).map((value) => [value.key, value.value]),
  );
  const subject = { roles: userRoleRows };
  const names = { firstName: row.first_name, lastName: row.last_name };
  return {
    id: row.id,
    uid: row.uid,
    name: fullName(names),
    email: row.email,
    ...names,
    roles: userRoleRows,
    capabilities: effectiveCapabilities(perRole, overrides),
    isAdmin: isAdmin(subject),
    isSchoolResponsible: isSchoolResponsible(subject),
    disabled: row.disabled,
    preferredLanguage: row.preferred_language,
    languageAsked: row.language_asked,
  };
}
