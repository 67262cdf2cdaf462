import type { AuditListQuery, auditSortColumns, SortTerm } from '@skolportalen/shared';
import { and, asc, count, desc, eq, gte, inArray, like, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { fullName } from '../../identity/auth-user.repo';

const sortColumns = { at: auditLog.at, id: auditLog.id } satisfies Record<
  (typeof auditSortColumns)[number],
  unknown
>;

export async function listAudit(
  db: Executor,
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
  const people = new Map(
    (personIds.length
      ? await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, personIds))
      : []
    ).map((person) => [person.id, { id: person.id, name: fullName(person) }]),
  );
  const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: person(row.actorUserId),
      maskedBy: person(row.realUserId),
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      before: row.before,
      after: row.after,
      requestId: row.requestId,
    })),
    total: total?.value ?? 0,
  };
}
