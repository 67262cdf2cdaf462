import {
  mainRoleKeys,
  type CapabilityKey,
  type MainRoleKey,
  type RoleKey,
  type SecurityMarking,
} from '@skolportalen/shared';
import { inArray } from 'drizzle-orm';
import {
  accountLinks,
  roles,
  userCapabilities,
  userNodes,
  userRoles,
  users,
} from '../../src/db/schema';
import { hashPassword } from '../../src/identity/password';
import type { TestContext } from '../harness';
import { buildSchool, type TestNode } from './nodes';

/** Every account the factories make signs in with this password. */
export const testPassword = 'Test-konto-2026!';

/** An account as the factories made it: enough to sign in and to name it in expectations. */
export interface TestUser {
  id: number;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** Its school, when it belongs to one. */
  school: TestNode | null;
  /** Its class, when it belongs to one. */
  class: TestNode | null;
}

export interface UserOptions {
  /**
   * Any role key. A main role (teacher, pupil, caretaker, employee) is the
   * account's main role; any other role (an administrator's, rektor's) comes
   * on top of role_employee, as every account has exactly one main role.
   */
  role?: RoleKey;
  extraRoles?: RoleKey[];
  /**
   * The school the account belongs to. Teachers and pupils get a new school
   * unless given one (or `null` for none); others belong to none by default.
   */
  school?: TestNode | null;
  /** A class: the account belongs to it and, unless told otherwise, to its school. */
  class?: TestNode;
  /** Further groups the account belongs to (teaching groups, an administration). */
  groups?: TestNode[];
  /** The account's own rights on top of its roles. */
  capabilities?: Partial<Record<CapabilityKey, boolean>>;
  /** The children of a caretaker. */
  guardianOf?: TestUser[];
  /** Another account of the same person (linked both ways). */
  samePersonAs?: TestUser;
  /**
   * The person's id in the school-data source. Such an account is still no
   * import's to keep (or disable) until an import has listed it.
   */
  externalId?: string;
  /**
   * No password, as the school-data import writes accounts: it signs in only
   * through single sign-on, and the password form refuses it.
   */
  withoutPassword?: boolean;
  username?: string;
  firstName?: string;
  lastName?: string;
  /** Default: an address made from the username; `null` for none. */
  email?: string | null;
  /** The population register's mark; default `Ingen` (no protection). */
  securityMarking?: SecurityMarking;
}

const firstNameOfRole: Record<MainRoleKey, string> = {
  role_teacher: 'Lärare',
  role_student: 'Elev',
  role_caretaker: 'Vårdnadshavare',
  role_employee: 'Anställd',
};

let made = 0;
/** Hashed once per worker: argon2 is slow on purpose. */
let passwordHash: Promise<string> | undefined;

function isMainRole(key: RoleKey): key is MainRoleKey {
  return (mainRoleKeys as readonly string[]).includes(key);
}

/**
 * A real account, written as the school-data import and the administration
 * write one: the user row, its roles, its own rights, its groups and its
 * links to children or to the person's other account.
 */
export async function buildUser(
  t: Pick<TestContext, 'db'>,
  options: UserOptions = {},
): Promise<TestUser> {
  const role = options.role ?? 'role_teacher';
  const mainRole = isMainRole(role) ? role : 'role_employee';
  const roleKeys = [...new Set([mainRole, role, ...(options.extraRoles ?? [])])];

  const ownSchoolByDefault = mainRole === 'role_teacher' || mainRole === 'role_student';
  const school =
    options.school !== undefined
      ? options.school
      : (options.class?.parent ?? (ownSchoolByDefault ? await buildSchool(t) : null));
  const memberships = [
    ...(school ? [school.id] : []),
    ...(options.class ? [options.class.id] : []),
    ...(options.groups ?? []).map((group) => group.id),
  ];

  made += 1;
  const username = options.username ?? `${mainRole.replace('role_', '')}.${made}.${process.pid}`;
  const firstName = options.firstName ?? firstNameOfRole[mainRole];
  const lastName = options.lastName ?? `Testsson ${made}`;
  const email = options.email !== undefined ? options.email : `${username}@test.exempelby.se`;
  passwordHash ??= hashPassword(testPassword);

  const user = await t.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        uid: username,
        username,
        passwordHash: options.withoutPassword ? null : await passwordHash!,
        firstName,
        lastName,
        email,
        externalId: options.externalId ?? null,
        securityMarking: options.securityMarking ?? 'Ingen',
      })
      .returning({ id: users.id });
    const userId = row!.id;
    const roleRows = await tx
      .select({ id: roles.id, key: roles.key })
      .from(roles)
      .where(inArray(roles.key, roleKeys));
    if (roleRows.length !== roleKeys.length) throw new Error(`unknown role among ${roleKeys}`);
    await tx.insert(userRoles).values(roleRows.map((roleRow) => ({ userId, roleId: roleRow.id })));
    const own = Object.entries(options.capabilities ?? {});
    if (own.length) {
      await tx
        .insert(userCapabilities)
        .values(own.map(([capabilityKey, value]) => ({ userId, capabilityKey, value: value! })));
    }
    if (memberships.length) {
      await tx
        .insert(userNodes)
        .values([...new Set(memberships)].map((nodeId) => ({ userId, nodeId })));
    }
    for (const child of options.guardianOf ?? []) {
      await tx.insert(accountLinks).values({ userId, relatedUserId: child.id, relation: 'child' });
    }
    if (options.samePersonAs) {
      const otherId = options.samePersonAs.id;
      await tx.insert(accountLinks).values([
        { userId, relatedUserId: otherId, relation: 'account' },
        { userId: otherId, relatedUserId: userId, relation: 'account' },
      ]);
    }
    return userId;
  });

  return {
    id: user,
    username,
    password: testPassword,
    firstName,
    lastName,
    email,
    school: school ?? null,
    class: options.class ?? null,
  };
}

/** The full name the portal shows for an account. */
export const fullName = (user: Pick<TestUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`;
