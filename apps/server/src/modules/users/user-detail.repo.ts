import { effectiveCapabilities } from '@skolportalen/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accountLinks,
  nodes,
  roleCapabilities,
  userCapabilities,
  userCategories,
  userNodes,
  users,
} from '../../db/schema';
import { presentNode } from '../nodes/nodes.repo';
import { fullName, loadAuthUser, type AuthUser } from '../../identity/auth-user.repo';
import { isPersonShown, personShown, type IdentityScope } from '../../identity/protected-identity';
import { categoriesOfUsers } from './user-categories.repo';

export type UserRow = typeof users.$inferSelect;

export async function findUserRow(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * Everything the administration shows about one user, in a handful of
 * queries; their children, guardians and other accounts as far as the actor
 * (`scope`) may see them. Null when there is no such user or the actor may
 * not see them: a protected identity is "not found", like an unknown id.
 */
export async function loadUserDetail(db: Executor, id: number, scope: IdentityScope) {
  if (!(await isPersonShown(db, scope, id))) return null;
  const [row, target] = await Promise.all([findUserRow(db, id), loadAuthUser(db, id)]);
  if (!row || !target) return null;
  const roleIds = target.roles.map((role) => role.id);
  const [categories, direct, groups, overrides, links, roleValues] = await Promise.all([
    categoriesOfUsers(db, [id]),
    db
      .select({ id: userCategories.categoryId })
      .from(userCategories)
      .where(eq(userCategories.userId, id)),
    db
      .select({ node: nodes })
      .from(userNodes)
      .innerJoin(nodes, eq(nodes.id, userNodes.nodeId))
      .where(eq(userNodes.userId, id))
      .orderBy(asc(nodes.name), asc(nodes.id)),
    db
      .select({ key: userCapabilities.capabilityKey, value: userCapabilities.value })
      .from(userCapabilities)
      .where(eq(userCapabilities.userId, id))
      .orderBy(asc(userCapabilities.capabilityKey)),
    relatedPeople(db, id, scope),
    roleIds.length
      ? db.select().from(roleCapabilities).where(inArray(roleCapabilities.roleId, roleIds))
      : Promise.resolve([]),
  ]);
  const perRole = roleIds.map((roleId) =>
    Object.fromEntries(
      roleValues
        .filter((row) => row.roleId === roleId)
        .map((row) => [row.capabilityKey, row.value]),
    ),
  );
  return {
    row,
    target,
    categories: categories.get(id) ?? [],
    directCategoryIds: direct.map((link) => link.id).sort((a, b) => a - b),
    groups: groups.map((entry) => presentNode(entry.node)),
    capabilityOverrides: Object.fromEntries(overrides.map((entry) => [entry.key, entry.value])),
    roleCapabilities: effectiveCapabilities(perRole) as Record<string, boolean>,
    ...links,
  };
}

/**
 * Children, guardians and other accounts of the same person, by name. One
 * the actor may not see is left out (decision 0039): a teacher who opens an
 * unmarked pupil does not learn the name of their protected guardian.
 */
async function relatedPeople(db: Executor, id: number, scope: IdentityScope) {
  const [outgoing, incoming] = await Promise.all([
    db
      .select({ other: accountLinks.relatedUserId, relation: accountLinks.relation })
      .from(accountLinks)
      .where(eq(accountLinks.userId, id)),
    db
      .select({ other: accountLinks.userId, relation: accountLinks.relation })
      .from(accountLinks)
      .where(eq(accountLinks.relatedUserId, id)),
  ]);
  const ids = [...new Set([...outgoing, ...incoming].map((link) => link.other))];
  const people = new Map(
    (ids.length
      ? await db
          .select({
            id: users.id,
            uid: users.uid,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(users)
          .where(and(inArray(users.id, ids), personShown(scope, users)))
      : []
    ).map((person) => [person.id, { id: person.id, uid: person.uid, name: fullName(person) }]),
  );
  const pick = (links: { other: number }[]) =>
    links
      .map((link) => people.get(link.other)!)
      .filter(Boolean)
      .sort((a, b) => a.name.localeCompare(b.name, 'sv'));
  return {
    children: pick(outgoing.filter((link) => link.relation === 'child')),
    guardians: pick(incoming.filter((link) => link.relation === 'child')),
    accounts: pick(outgoing.filter((link) => link.relation === 'account')),
  };
}

export type UserDetail = NonNullable<Awaited<ReturnType<typeof loadUserDetail>>>;
export type { AuthUser };
