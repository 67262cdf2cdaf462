import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/authenticate';
import { recordAudit } from './audit.repo';

export interface AdminChange {
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Who, when (the row's default), what, before/after and the administrator behind a mask. */
export function auditAdminChange(
  tx: Executor,
  auth: AuthContext,
  requestId: string,
  change: AdminChange,
) {
  return recordAudit(tx, {
    actorUserId: auth.user.id,
    realUserId: auth.token.maskedBy,
    requestId,
    ...change,
  });
}
