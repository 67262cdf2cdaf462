import type { RequestMeta } from '../../http/request-meta';
import type { RelatedAccount } from '@skolportalen/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsTogether } from '../../db/together';
import { rowsOf } from '../../db/raw-rows';
import { accountLinks, users } from '../../db/schema';
import type { SessionState } from '../../identity/session-state';
import { authorize } from '../../identity/authorize';
import { recordAudit } from '../audit/audit.repo';
import { issueToken, lockSession, realActorOf } from '../../identity/token.repo';
import { assertMayMaskAs, maskingAdminScope } from '../masking/masking.service';
import { personShown } from '../../identity/protected-identity';
import { fullName } from '../../identity/auth-user.repo';
import {
  categoriesByUser,
  categoryCatalog,
  categoryLinksJson,
  type CategoryOfUser,
} from '../users/user-categories.repo';
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
  /** The request's session counter, for the kept categories (`categoryCatalog`). */
  generation: string | undefined,
): Promise<RelatedAccount[]> {
  const adminScope = await maskingAdminScope(db, session.active.token);
  const [rows, catalog] = await Promise.all([
    relatedAccountRows(db, originUserId(session), adminScope),
    categoryCatalog(db, generation, originUserId(session)),
  ]);
  const relations = ['self', 'account', 'child'] as const;
  return rows
    .map((row) => ({
      id: row.id,
      uid: row.uid,
      name: fullName(row),
      relation: relations[row.rank]!,
      current: row.id === session.active.token.userId,
      roles: row.roles ?? [],
      categories: (categoriesByUser([row.id], row.categories, catalog).get(row.id) ?? []).filter(
        (category) => category.type === 'role',
      ),
    }))
    .sort(
      (a, b) =>
        relations.indexOf(a.relation) - relations.indexOf(b.relation) ||
        a.name.localeCompare(b.name, 'sv'),
    );
}

interface RelatedAccountRow {
  id: number;
  uid: string;
  firstName: string;
  lastName: string;
  /** 0 the origin, 1 another account of the same person, 2 a child of any of them. */
  rank: 0 | 1 | 2;
  roles: RelatedAccount['roles'] | null;
  categories: CategoryOfUser[];
}

/**
 * The relations of `relatedIds`, with each account's name, roles and categories, in one
 * statement: the start page asks for them with every first page. An account
 * that is both another account and a child counts as the account. In a
 * masked session, those the administrator may not see are left out.
 */
function relatedAccountRows(
  db: Database,
  originId: number,
  adminScope: Awaited<ReturnType<typeof maskingAdminScope>>,
) {
  const query = sql`
    with accounts(id, rank) as (
      select ${originId}::int, 0
      union all
      select related_user_id, 1 from account_links where user_id = ${originId} and relation = 'account'
    ), related(id, rank) as (
      select id, rank from accounts
      union all
      select al.related_user_id, 2 from account_links al
       where al.relation = 'child' and al.user_id in (select id from accounts)
    ), chosen(id, rank) as (
      select id, min(rank) from related group by id
    )
    select users.id, users.uid, users.first_name as "firstName", users.last_name as "lastName",
      chosen.rank,
      (select json_agg(json_build_object('id', r.id, 'key', r.key, 'name', r.name,
                'categoryId', r.category_id) order by r.id)
         from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = users.id) as roles,
      ${categoryLinksJson(sql`array[users.id]`)} as categories
    from chosen join users on users.id = chosen.id
    where ${adminScope ? personShown(adminScope, users) : sql`true`}`;
  // Unmasked, the text is always the same and planned once per connection, and
  // read with the page's other reads about the reader.
  return adminScope
    ? rowsOf<RelatedAccountRow>(db, query)
    : rowsTogether<RelatedAccountRow>(db, originId, query);
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
