import type { userSortColumns } from '@skolportalen/shared';
import { isAdmin, type SortTerm, type UserListQuery } from '@skolportalen/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roles, userNodes, userRoles, users } from '../../db/schema';
import { likePattern } from '../nodes/nodes.repo';
import { fullName } from '../../identity/auth-user.repo';
import { personShown, type IdentityScope } from '../../identity/protected-identity';

const fullNameSql = sql`(${users.firstName} || ' ' || ${users.lastName})`;
const sortColumns = { name: fullNameSql, username: users.username, id: users.id } satisfies Record<
  (typeof userSortColumns)[number],
  unknown
>;

/**
 * Users filtered in SQL by name/username/e-mail, role and group membership.
 * People the actor may not see (decision 0039) are left out of the page and
 * of the total alike: a total that counted them would tell a search for a
 * protected name that the person exists.
 */
export async function listUsers(
  db: Executor,
  scope: IdentityScope,
  query: UserListQuery,
  sort: SortTerm<(typeof userSortColumns)[number]>[],
) {
  const conditions: SQL[] = [personShown(scope, users)];
  if (query.status === 'active') conditions.push(isNull(users.disabledAt));
  if (query.status === 'disabled') conditions.push(isNotNull(users.disabledAt));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(ilike(fullNameSql, pattern), ilike(users.username, pattern), ilike(users.email, pattern))!,
    );
  }
  if (query.role) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(and(eq(userRoles.userId, users.id), eq(roles.key, query.role))),
      ),
    );
  }
  if (query.nodeId?.length) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(userNodes)
          .where(and(eq(userNodes.userId, users.id), inArray(userNodes.nodeId, query.nodeId))),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(
        ...sort.map((term) => (term.direction === 'ASC' ? asc : desc)(sortColumns[term.column])),
        asc(users.id),
      )
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(users).where(where),
  ]);
  const roleRows = rows.length
    ? await db
        .select({
          userId: userRoles.userId,
          id: roles.id,
          key: roles.key,
          name: roles.name,
          categoryId: roles.categoryId,
        })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(
          inArray(
            userRoles.userId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(roles.id))
    : [];
  const list = rows.map((row) => {
    const userRolesList = roleRows
      .filter((role) => role.userId === row.id)
      .map(({ id, key, name, categoryId }) => ({ id, key, name, categoryId }));
    return {
      id: row.id,
      uid: row.uid,
      name: fullName(row),
      email: row.email,
      roles: userRolesList,
      isAdmin: isAdmin({ roles: userRolesList }),
      disabledAt: row.disabledAt?.toISOString() ?? null,
    };
  });
  return { list, total: total?.value ?? 0 };
}
