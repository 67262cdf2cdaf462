import { sv } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { AuthContext } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { revokeTokensOfUser } from '../../identity/token.repo';
import { changeUser } from './user-admin.service';
import { usersPolicy } from './users.policy';
import type { UserDetail } from './user-detail.repo';

const statusOf = (detail: UserDetail) => ({
  disabledAt: detail.row.disabledAt?.toISOString() ?? null,
  disabledReason: detail.row.disabledReason,
});

async function setDisabled(
  tx: Executor,
  userId: number,
  disabledAt: Date | null,
  reason: string | null,
  extra: Partial<Pick<typeof users.$inferInsert, 'importedAt'>> = {},
) {
  await tx
    .update(users)
    .set({
      disabledAt,
      disabledReason: reason,
      disabledByImport: false,
      updatedAt: new Date(),
      ...extra,
    })
    .where(eq(users.id, userId));
}

/**
 * Disables an account (ASVS 7.4.2): it signs in nowhere, every session it has
 * (and every one it opened acting as someone else) ends at once, and pickers
 * no longer offer it. Roles, groups and content stay, so enabling restores it.
 * A super administrator is disabled only by another one (changeUser), so one
 * always remains who can sign in.
 */
export function disableUser(
  db: Database,
  auth: AuthContext,
  requestId: string,
  userId: number,
  reason: string | null,
) {
  return changeUser(db, auth, requestId, userId, {
    action: 'user.disable',
    rule: usersPolicy.edit,
    snapshot: statusOf,
    apply: async (tx, before) => {
      if (userId === auth.user.id) throw errors.conflict(sv.admin.errors.disableSelf);
      if (before.row.disabledAt) throw errors.conflict(sv.admin.errors.alreadyDisabled);
      await setDisabled(tx, userId, new Date(), reason);
      await revokeTokensOfUser(tx, userId);
    },
  });
}

/**
 * Enables a disabled account again; it signs in afresh (its old sessions stay
 * ended). An account the import disabled because the source no longer lists
 * it leaves the import's care, so the next import does not disable it again;
 * it comes back into it when the source lists the person again.
 */
export function enableUser(db: Database, auth: AuthContext, requestId: string, userId: number) {
  return changeUser(db, auth, requestId, userId, {
    action: 'user.enable',
    rule: usersPolicy.edit,
    snapshot: statusOf,
    apply: async (tx, before) => {
      if (!before.row.disabledAt) throw errors.conflict(sv.admin.errors.notDisabled);
      await setDisabled(
        tx,
        userId,
        null,
        null,
        before.row.disabledByImport ? { importedAt: null } : {},
      );
    },
  });
}
