import type { RequestMeta } from '../../http/request-meta';
import type { RelatedAccount } from '@skolportalen/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountLinks, roles, userRoles, users } from '../../db/schema';
import type { SessionState } from '../../identity/session-state';
import { authorize } from '../../identity/authorize';
import { recordAudit } from '../audit/audit.repo';
import { issueToken, lockSession, realActorOf } from '../../identity/token.repo';
import { assertMayMaskAs, maskingAdminScope } from '../masking/masking.service';
import { personShown } from '../../identity/protected-identity';
import { fullName } from '../../identity/auth-user.repo';
import { categoriesOfUsers } from '../users/user-categories.repo';
import { relatedPolicy } from './related.policy';

/**
 * The account the session's person started from, as recorded on the active
 * token when it was issued (decision 0027): the signed-in account, or the
 * masked person in a masked session. Switching to a child keeps the guardian
 * as the origin, so the guardian can switch back.
 */
function originUserId(session: SessionState): number {
  return session.active.token.originUserId;
}

/** The origin, the other accounts of the same person, and the children of all of them. */
async function relatedIds(db: Database, originId: number) {
  const accountRows = await db
    .select({ id: accountLinks.relatedUserId })
    .from(accountLinks)
    .where(and(eq(accountLinks.userId, originId), eq(accountLinks.relation, 'account')));
  const accounts = [originId, ...accountRows.map((row) => row.id)];
  const childRows = await db
    .select({ id: accountLinks.relatedUserId })
    .from(accountLinks)
    .where(and(inArray(accountLinks.userId, accounts), eq(accountLinks.relation, 'child')));
  const relation = new Map<number, RelatedAccount['relation']>();
  for (const id of accounts) relation.set(id, id === originId ? 'self' : 'account');
  for (const row of childRows) if (!relation.has(row.id)) relation.set(row.id, 'child');
  return relation;
}

/**
 * The accounts the session may switch to. In a masked session, a relative the
 * administrator may not see (decision 0039) is left out: the administrator
 * could not switch to them either.
 */
export async function listRelatedAccounts(
  db: Database,
  session: SessionState,
  /** The request's own object: readings it shares with the request's other answers. */
  sharedBy?: object,
): Promise<RelatedAccount[]> {
  const relation = await relatedIds(db, originUserId(session));
  const adminScope = await maskingAdminScope(db, session.active.token);
  const userIds = [...relation.keys()];
  const [userRows, roleRows, categories] = await Promise.all([
    db
      .select()
      .from(users)
      .where(
        and(inArray(users.id, userIds), adminScope ? personShown(adminScope, users) : undefined),
      ),
    db
      .select({
        userId: userRoles.userId,
        id: roles.id,
        key: roles.key,
        name: roles.name,
        categoryId: roles.categoryId,
      })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, userIds))
      .orderBy(asc(roles.id)),
    categoriesOfUsers(db, userIds, sharedBy),
  ]);
  const order = { self: 0, account: 1, child: 2 } as const;
  return userRows
    .map((user) => ({
      id: user.id,
      uid: user.uid,
      name: fullName(user),
      relation: relation.get(user.id)!,
      current: user.id === session.active.token.userId,
      roles: roleRows
        .filter((role) => role.userId === user.id)
        .map(({ id, key, name, categoryId }) => ({ id, key, name, categoryId })),
      categories: (categories.get(user.id) ?? []).filter((category) => category.type === 'role'),
    }))
    .sort((a, b) => order[a.relation] - order[b.relation] || a.name.localeCompare(b.name, 'sv'));
}

/**
 * Spec §4 role switch: an existing token of the session for that account is
 * activated; otherwise a new one is issued through the active token, masked if
 * the session is masked. While masked, the account must pass the same rules as
 * masking itself: the administrator may still mask, and the account is no
 * administrator.
 */
export async function switchToRelatedAccount(
  db: Database,
  session: SessionState,
  targetUserId: number,
  meta: RequestMeta,
) {
  const relation = await relatedIds(db, originUserId(session));
  authorize({ related: relation }, relatedPolicy.switchTo, targetUserId);
  const through = session.active.token;
  const masked = through.masked;
  const existing = session.tokens.find(
    (entry) => entry.token.userId === targetUserId && entry.token.masked === masked,
  );
  if (existing) return { entries: session.tokens, active: existing };
  if (masked) await assertMayMaskAs(db, through.maskedBy, targetUserId);

  return db.transaction(async (tx) => {
    await lockSession(tx, session);
    const issued = await issueToken(tx, {
      userId: targetUserId,
      type: masked ? 'masked' : 'related',
      masked,
      maskedBy: through.maskedBy,
      through,
      // A related token never outlives the session it was issued from.
      lifetimeMs: Math.max(0, through.expires.getTime() - Date.now()),
    });
    await recordAudit(tx, {
      actorUserId: through.userId,
      realUserId: realActorOf(through),
      action: 'session.switch-account',
      entityType: 'user',
      entityId: targetUserId,
      ...meta,
    });
    const entry = { secret: issued.secret, token: issued.token };
    return { entries: [...session.tokens, entry], active: entry };
  });
}
