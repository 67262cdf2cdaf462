import type { SortTerm, TokenListQuery, tokenSortColumns } from '@skolportalen/shared';
import { and, asc, count, desc, eq, gt, inArray, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roles, tokens, userRoles, users } from '../../db/schema';
import { personShown, shownName, type IdentityScope } from '../../identity/protected-identity';

const sortColumns = { issued: tokens.issued, expires: tokens.expires } satisfies Record<
  (typeof tokenSortColumns)[number],
  unknown
>;

/** Status as the API shows it: an active token past its expiry is "expired". */
function statusCondition(status: TokenListQuery['status'], now: Date): SQL | undefined {
  switch (status) {
    case 'active':
      return and(eq(tokens.status, 'active'), gt(tokens.expires, now));
    case 'expired':
      return and(eq(tokens.status, 'active'), lte(tokens.expires, now));
    case 'revoked':
      return eq(tokens.status, 'revoked');
    default:
      return undefined;
  }
}

/**
 * Sign-ins, newest first by default. Those of people the actor may not see
 * (decision 0039) are left out, of the total too; an administrator behind a
 * masked sign-in whom the actor may not see is named "Skyddad identitet".
 */
export async function listTokens(
  db: Executor,
  scope: IdentityScope,
  query: TokenListQuery,
  sort: SortTerm<(typeof tokenSortColumns)[number]>[],
) {
  const conditions: SQL[] = [personShown(scope, users)];
  if (query.userId !== undefined) conditions.push(eq(tokens.userId, query.userId));
  if (query.type?.length)
    conditions.push(inArray(tokens.type, query.type as (typeof tokens.$inferSelect.type)[]));
  const status = statusCondition(query.status, new Date());
  if (status) conditions.push(status);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        token: tokens,
        user: {
          id: users.id,
          uid: users.uid,
          firstName: users.firstName,
          lastName: users.lastName,
        },
      })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(where)
      .orderBy(
        ...sort.map((term) => (term.direction === 'ASC' ? asc : desc)(sortColumns[term.column])),
        asc(tokens.id),
      )
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ value: count() })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(where),
  ]);
  const maskerIds = [
    ...new Set(rows.flatMap((row) => (row.token.maskedBy ? [row.token.maskedBy] : []))),
  ];
  const maskers = new Map(
    (maskerIds.length
      ? await db
          .select({ id: users.id, name: shownName(scope, users) })
          .from(users)
          .where(inArray(users.id, maskerIds))
      : []
    ).map((masker) => [masker.id, masker]),
  );
  return {
    rows: rows.map((row) => ({
      ...row,
      masker: row.token.maskedBy ? (maskers.get(row.token.maskedBy) ?? null) : null,
    })),
    total: total?.value ?? 0,
  };
}

export async function findToken(db: Executor, id: string) {
  const [row] = await db.select().from(tokens).where(eq(tokens.id, id));
  return row;
}

/** Which of these users hold the super administrator role. */
export async function superadminIds(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, [...userIds]), eq(roles.key, 'role_superadmin')));
  return new Set(rows.map((row) => row.userId));
}
