import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorUserId: number | null;
  /** The administrator behind a masked session. */
  realUserId?: number | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string;
  address?: string;
}

/** Written inside the same transaction as the change it describes. */
export async function recordAudit(db: Executor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    realUserId: entry.realUserId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId:
      entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? null,
    address: entry.address ?? null,
  });
}
