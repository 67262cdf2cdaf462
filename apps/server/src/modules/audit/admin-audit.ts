import type { Executor } from '../../db/client';
import type { AuthContext } from '../../identity/authenticate';
import { recordAudit } from './audit.repo';
import { realActorOf } from '../../identity/token.repo';

export interface AdminChange {
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Who, when (the row's default), what, before/after and the person really acting (decision 0027). */
export function auditAdminChange(
  tx: Executor,
  auth: AuthContext,
  requestId: string,
  change: AdminChange,
) {
  return recordAudit(tx, {
    actorUserId: auth.user.id,
    realUserId: realActorOf(auth.token),
    requestId,
    ...change,
  });
}
