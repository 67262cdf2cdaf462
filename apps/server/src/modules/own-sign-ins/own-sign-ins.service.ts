import { sv, type OwnSignIn } from '@skolportalen/shared';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { tokens } from '../../db/schema';
import type { AuthContext } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { isIdle, type IdlePolicy } from '../../identity/session-activity';
import { recordAudit } from '../audit/audit.repo';
import { revokeTokens, type TokenRow } from '../../identity/token.repo';

const t = sv.signIns;

/** A person's own sign-ins: with a password or through SSO, not masking, related accounts or API keys. */
const ownTypes = ['login', 'sso'] as const;

/**
 * Enough of the address to recognise a place (home, school), not a device:
 * the first three parts of IPv4, the first three groups of IPv6.
 */
export function shortenAddress(address: string | null): string | null {
  if (!address) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.…`;
  if (address.includes(':')) {
    // Only the groups written out before a "::", or the count would be wrong.
    const groups = address.split('::')[0]!.split(':').filter(Boolean).slice(0, 3);
    return groups.length ? `${groups.join(':')}:…` : null;
  }
  return null;
}

async function usableOwnTokens(db: Executor, userId: number, idle: IdlePolicy) {
  const now = Date.now();
  const rows = await db
    .select()
    .from(tokens)
    .where(
      and(
        eq(tokens.userId, userId),
        eq(tokens.status, 'active'),
        eq(tokens.masked, false),
        inArray(tokens.type, [...ownTypes]),
        gt(tokens.expires, new Date(now)),
      ),
    );
  return rows.filter((row) => !isIdle(idle, row, row.lastUsedAt.getTime(), now));
}

function present(row: TokenRow, currentIds: ReadonlySet<string>): OwnSignIn {
  return {
    id: row.id,
    type: row.type === 'sso' ? 'sso' : 'login',
    issued: row.issued.toISOString(),
    lastUsed: row.lastUsedAt.toISOString(),
    expires: row.expires.toISOString(),
    userAgent: row.userAgent,
    address: shortenAddress(row.address),
    current: currentIds.has(row.id),
  };
}

const sessionTokenIds = (auth: AuthContext) =>
  new Set(auth.session.tokens.map((entry) => entry.token.id));

/** This browser's sign-in first, then the most recently used. */
export async function listOwnSignIns(db: Executor, auth: AuthContext, idle: IdlePolicy) {
  const current = sessionTokenIds(auth);
  return (await usableOwnTokens(db, auth.user.id, idle))
    .map((row) => present(row, current))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsed.localeCompare(a.lastUsed));
}

async function end(tx: Executor, auth: AuthContext, ended: readonly TokenRow[], meta: RequestMeta) {
  await revokeTokens(
    tx,
    ended.map((row) => row.id),
  );
  for (const row of ended) {
    await recordAudit(tx, {
      actorUserId: auth.user.id,
      action: 'session.end-own',
      entityType: 'token',
      entityId: row.id,
      before: { issued: row.issued.toISOString(), address: row.address },
      requestId: meta.requestId,
      address: meta.address,
    });
  }
}

/** Ends one of the person's sign-ins in another browser; this browser's own ends with Logga ut. */
export async function endOwnSignIn(
  db: Database,
  auth: AuthContext,
  tokenId: string,
  idle: IdlePolicy,
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    const target = (await usableOwnTokens(tx, auth.user.id, idle)).find(
      (row) => row.id === tokenId,
    );
    // Someone else's sign-in answers the same as none at all.
    if (!target) throw errors.notFound(t.errors.notFound);
    if (sessionTokenIds(auth).has(target.id)) throw errors.conflict(t.errors.current);
    await end(tx, auth, [target], meta);
    return { ended: 1, signIns: await listOwnSignIns(tx, auth, idle) };
  });
}

/** Ends every sign-in of the person except those of this browser. */
export async function endOtherSignIns(
  db: Database,
  auth: AuthContext,
  idle: IdlePolicy,
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    const current = sessionTokenIds(auth);
    const others = (await usableOwnTokens(tx, auth.user.id, idle)).filter(
      (row) => !current.has(row.id),
    );
    await end(tx, auth, others, meta);
    return { ended: others.length, signIns: await listOwnSignIns(tx, auth, idle) };
  });
}
