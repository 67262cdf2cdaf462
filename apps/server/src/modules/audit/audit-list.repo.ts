import type { AuditListQuery, auditSortColumns, SortTerm } from '@skolportalen/shared';
import { and, asc, count, desc, eq, gte, like, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { IdentityScope } from '../../identity/protected-identity';
import { shownNamesOf } from '../../identity/shown-names';
import { hiddenPeopleFor } from './audit-hidden-people';

const sortColumns = { at: auditLog.at, id: auditLog.id } satisfies Record<
  (typeof auditSortColumns)[number],
  unknown
>;

/**
 * Audit entries, with actors named as `scope` may see them (decision 0039):
 * an actor with a protected identity reads "Skyddad identitet", and what the
 * entries say of protected people the reader may not see is left out
 * (`hiddenPeopleFor`).
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
  const hidden = await hiddenPeopleFor(db, scope);
  // An entry read without the name is not found by it either: the total would tell that it is there.
  if (query.entityId && hidden.names(query.entityId)) return { entries: [], total: 0 };
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
  const names = await shownNamesOf(db, scope, personIds);
  const person = (id: number | null) => {
    const name = id === null ? undefined : names.get(id);
    return name === undefined ? null : { id: id!, name };
  };
  return {
    entries: rows.map((row) => {
      const { entityId, before, after } = hidden.entry(row);
      return {
        id: row.id,
        at: row.at.toISOString(),
        actor: person(row.actorUserId),
        maskedBy: person(row.realUserId),
        action: row.action,
        entityType: row.entityType,
        entityId,
        before,
        after,
        requestId: row.requestId,
      };
    }),
    total: total?.value ?? 0,
  };
}
