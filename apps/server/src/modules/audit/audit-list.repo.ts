import type { AuditListQuery, auditSortColumns, SortTerm } from '@skolportalen/shared';
import { and, asc, count, desc, eq, gte, inArray, like, lte, not, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { personShown, type IdentityScope } from '../../identity/protected-identity';
import { shownNamesOf, userPerson } from '../../identity/shown-names';

const sortColumns = { at: auditLog.at, id: auditLog.id } satisfies Record<
  (typeof auditSortColumns)[number],
  unknown
>;

/** Of the users entries are about, those `scope` may not see. */
async function hiddenPeople(db: Executor, scope: IdentityScope, userIds: number[]) {
  if (scope.kind === 'all' || userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), not(personShown(scope, userPerson))));
  return new Set(rows.map((row) => row.id));
}

const userEntityId = (row: { entityType: string; entityId: string | null }) =>
  row.entityType === 'user' && row.entityId && /^\d{1,10}$/.test(row.entityId)
    ? Number(row.entityId)
    : null;

/**
 * Audit entries, with actors named as `scope` may see them (decision 0039):
 * an actor with a protected identity reads "Skyddad identitet", and what an
 * entry about such a person changed (their name, address) is left out.
 */
export async function listAudit(
  db: Executor,
  scope: IdentityScope,
  query: AuditListQuery,
  sort: SortTerm<(typeof auditSortColumns)[number]>[],
) {
  const conditions: SQL[] = [];
  if (query.actorUserId !== undefined) {
    conditions.push(
      or(eq(auditLog.actorUserId, query.actorUserId), eq(auditLog.realUserId, query.actorUserId))!,
    );
  }
  if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.action) {
    // The pattern allows only a-z, dot, dash and underscore; underscore is a LIKE wildcard.
    const literal = query.action.replace(/_/g, '\\_');
    conditions.push(or(eq(auditLog.action, query.action), like(auditLog.action, `${literal}.%`))!);
  }
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lte(auditLog.at, new Date(query.to)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(
        ...sort.map((term) => (term.direction === 'ASC' ? asc : desc)(sortColumns[term.column])),
        desc(auditLog.id),
      )
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  const personIds = [
    ...new Set(
      rows.flatMap((row) => [row.actorUserId, row.realUserId]).filter((id) => id !== null),
    ),
  ] as number[];
  const [names, hidden] = await Promise.all([
    shownNamesOf(db, scope, personIds),
    hiddenPeople(
      db,
      scope,
      rows.flatMap((row) => userEntityId(row) ?? []),
    ),
  ]);
  const person = (id: number | null) => {
    const name = id === null ? undefined : names.get(id);
    return name === undefined ? null : { id: id!, name };
  };
  return {
    entries: rows.map((row) => {
      const about = userEntityId(row);
      const withheld = about !== null && hidden.has(about);
      return {
        id: row.id,
        at: row.at.toISOString(),
        actor: person(row.actorUserId),
        maskedBy: person(row.realUserId),
        action: row.action,
        entityType: row.entityType,
        entityId: row.entityId,
        before: withheld ? null : row.before,
        after: withheld ? null : row.after,
        requestId: row.requestId,
      };
    }),
    total: total?.value ?? 0,
  };
}
