import { durations, sv } from '@skolportalen/shared';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { plannedRows, type Executor } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { tokens } from '../db/schema';
import { errors } from '../http/errors';
import { isIdle, type IdlePolicy } from './session-activity';
import { hashTokenSecret, newTokenId, newTokenSecret } from './token-secret';

export type TokenRow = typeof tokens.$inferSelect;
export type TokenType = TokenRow['type'];

export interface IssueTokenInput {
  userId: number;
  type: TokenType;
  masked?: boolean;
  maskedBy?: number | null;
  lifetimeMs?: number;
  /** Where the sign-in came from (shown to the person among their sign-ins). */
  userAgent?: string | null;
  address?: string | null;
  /**
   * The session token this one is issued through (role switch, masking): the
   * new token joins its session and inherits who signed in (decision 0027).
   * Absent for a sign-in or an API key, which start a session of their own.
   */
  through?: TokenRow | null;
  /** The account related accounts are computed from; by default the one `through` names. */
  originUserId?: number;
}

/**
 * Issues a token; never for a disabled account. The account row is read with a
 * share lock, so a token cannot slip in while the account is being disabled
 * (disabling updates that row, then revokes what is active).
 */
export async function issueToken(db: Executor, input: IssueTokenInput) {
  const [account] = await rowsOf<{ disabled: boolean }>(
    db,
    sql`select disabled_at is not null as disabled from users where id = ${input.userId} for share`,
  );
  if (account?.disabled) throw errors.conflict(sv.admin.errors.accountDisabled);
  const secret = newTokenSecret();
  const now = new Date(Date.now());
  const id = newTokenId();
  const through = input.through ?? null;
  const [row] = await db
    .insert(tokens)
    .values({
      id,
      sessionId: through?.sessionId ?? id,
      issuedThrough: through?.id ?? null,
      signedInUserId: through?.signedInUserId ?? input.userId,
      originUserId: input.originUserId ?? through?.originUserId ?? input.userId,
      userId: input.userId,
      tokenHash: hashTokenSecret(secret),
      type: input.type,
      issued: now,
      expires: new Date(now.getTime() + (input.lifetimeMs ?? durations.tokenLifetimeMs)),
      masked: input.masked ?? false,
      maskedBy: input.maskedBy ?? null,
      lastUsedAt: now,
      userAgent: input.userAgent ?? null,
      address: input.address ?? null,
    })
    .returning();
  return { token: row!, secret };
}

/** The usable tokens among the given secrets, keyed by secret: active, not expired, not idle. */
export async function findUsableTokens(
  db: Executor,
  secrets: readonly string[],
  idle: IdlePolicy = { idleMs: 0 },
) {
  const result = new Map<string, TokenRow>();
  if (secrets.length === 0) return result;
  const bySecretHash = new Map(secrets.map((secret) => [hashTokenSecret(secret), secret]));
  const rows = await db
    .select()
    .from(tokens)
    .where(and(inArray(tokens.tokenHash, [...bySecretHash.keys()]), eq(tokens.status, 'active')));
  const now = Date.now();
  for (const row of rows) {
    if (row.expires.getTime() <= now) continue;
    if (isIdle(idle, row, row.lastUsedAt.getTime(), now)) continue;
    result.set(bySecretHash.get(row.tokenHash)!, row);
  }
  return result;
}

/**
 * Revokes every active token of an account, the masked ones it opened as an
 * administrator acting as someone else and the related ones it opened for its
 * other accounts and children; answers how many.
 */
export async function revokeTokensOfUser(db: Executor, userId: number) {
  return revokeTokensOfUsers(db, [userId]);
}

/** Ends every active session of these accounts, and every token they opened acting as someone else. */
export async function revokeTokensOfUsers(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return 0;
  const revoked = await db
    .update(tokens)
    .set({ status: 'revoked', revokedAt: new Date() })
    .where(
      and(
        or(
          inArray(tokens.userId, [...userIds]),
          inArray(tokens.maskedBy, [...userIds]),
          inArray(tokens.signedInUserId, [...userIds]),
        ),
        eq(tokens.status, 'active'),
      ),
    )
    .returning({ id: tokens.id });
  return revoked.length;
}

/**
 * Revokes the tokens and every token issued through them (a guardian's
 * sign-in takes the child's token with it, an administrator's the masked
 * ones): nothing issued through a token outlives it (decision 0027).
 */
export async function revokeTokens(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return;
  const issuedThrough = sql`(with recursive gone(id) as (
      select ${tokens.id} from ${tokens} where ${inArray(tokens.id, [...ids])}
      union
      select issued.id from ${tokens} issued join gone on issued.issued_through = gone.id
    ) select id from gone)`;
  await db
    .update(tokens)
    .set({ status: 'revoked', revokedAt: new Date() })
    .where(and(inArray(tokens.id, issuedThrough), eq(tokens.status, 'active')));
}

/**
 * The person really acting through a token, when that is not its own account:
 * the administrator behind a masked token, or the person who signed in behind
 * a token issued for a related account (a guardian behind a child's). Read
 * from the token row, never from the browser (decision 0027).
 */
export function realActorOf(token: Pick<TokenRow, 'maskedBy' | 'signedInUserId' | 'userId'>) {
  if (token.maskedBy !== null) return token.maskedBy;
  return token.signedInUserId === token.userId ? null : token.signedInUserId;
}

/** The token columns under their names in `TokenRow`, for statements written in SQL. */
const tokenColumns = `id, user_id as "userId", token_hash as "tokenHash", type, issued, expires, status,
  masked, masked_by as "maskedBy", revoked_at as "revokedAt", last_used_at as "lastUsedAt",
  user_agent as "userAgent", address, session_id as "sessionId", issued_through as "issuedThrough",
  signed_in_user_id as "signedInUserId", origin_user_id as "originUserId"`;

/** A token row as a raw statement gives it: times as `Date` or as text, whichever the driver. */
export type CookieTokenRow = Omit<TokenRow, 'issued' | 'expires' | 'revokedAt' | 'lastUsedAt'> &
  Record<'issued' | 'expires' | 'lastUsedAt', Date | string> & { revokedAt: Date | string | null };

/** Times as `Date`, whichever driver read them (a raw read may give the text). */
function tokenFromRow(row: CookieTokenRow): TokenRow {
  return {
    ...row,
    issued: new Date(row.issued),
    expires: new Date(row.expires),
    lastUsedAt: new Date(row.lastUsedAt),
    revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt),
  };
}

/**
 * A cookie's secrets by their hashes, and the hashes as one array value: the
 * statement's text is the same for any number of them.
 */
export function hashedSecrets(secrets: readonly string[]) {
  const bySecretHash = new Map(secrets.map((secret) => [hashTokenSecret(secret), secret]));
  // Hashes are hex, so the array value needs no quoting.
  return { bySecretHash, hashes: `{${[...bySecretHash.keys()].join(',')}}` };
}

/**
 * Every token of the hashes (`hashedSecrets`), whatever its status, and the
 * active tokens of the sessions they belong to, in no order. A union, not an
 * OR: each half is an index lookup (an OR of the two read the whole table).
 */
export function cookieTokensQuery(hashes: string): SQL {
  return sql`select ${sql.raw(tokenColumns)} from tokens where token_hash = any(${hashes}::text[])
        union
        select ${sql.raw(tokenColumns)} from tokens
         where status = 'active'
           and session_id = any(array(select session_id from tokens where token_hash = any(${hashes}::text[])))`;
}

/** What a session cookie names: its tokens by secret, and the usable tokens of a session. */
export interface CookieTokens {
  /** Every token of the cookie's secrets, whatever its status. */
  bySecret: Map<string, TokenRow>;
  /** The usable tokens of the session, oldest first. */
  usableOf(sessionId: string): TokenRow[];
}

/** `CookieTokens` from the rows `cookieTokensQuery` read, oldest first. */
export function cookieTokensOf(
  bySecretHash: ReadonlyMap<string, string>,
  found: readonly CookieTokenRow[],
  idle: IdlePolicy,
): CookieTokens {
  const bySecret = new Map<string, TokenRow>();
  const rows = found.map(tokenFromRow);
  for (const row of rows) {
    const secret = bySecretHash.get(row.tokenHash);
    if (secret !== undefined) bySecret.set(secret, row);
  }
  const now = Date.now();
  const usableOf = (sessionId: string) =>
    rows.filter(
      (row) =>
        row.sessionId === sessionId &&
        row.status === 'active' &&
        row.expires.getTime() > now &&
        !isIdle(idle, row, row.lastUsedAt.getTime(), now),
    );
  return { bySecret, usableOf };
}

/**
 * What a session cookie names, in one statement: every token of the given
 * secrets, whatever its status (`bySecret`), and the usable tokens of the
 * sessions they belong to, oldest first (`usableOf`). A returning request
 * whose kept session no longer holds resolves it with this (decision 0050); a
 * session's first request reads the same with its account
 * (cookie-session.repo.ts).
 */
export async function findCookieTokens(
  db: Executor,
  secrets: readonly string[],
  idle: IdlePolicy = { idleMs: 0 },
): Promise<CookieTokens> {
  if (secrets.length === 0) return { bySecret: new Map(), usableOf: () => [] };
  const { bySecretHash, hashes } = hashedSecrets(secrets);
  const found = await plannedRows<CookieTokenRow>(
    db,
    sql`${cookieTokensQuery(hashes)} order by issued, id`,
  );
  return cookieTokensOf(bySecretHash, found, idle);
}

/**
 * Locks the session's tokens until the transaction ends, so that two requests
 * cannot grow or shrink one session at once, and refuses when the session
 * changed since this request's cookie was written (another tab, a double
 * click): the cookie of one of them would no longer list the session.
 */
export async function lockSession(
  db: Executor,
  session: { via: 'cookie' | 'bearer'; tokens: readonly { token: TokenRow }[] },
) {
  const sessionId = session.tokens[0]!.token.sessionId;
  const rows = await db
    .select({ id: tokens.id, issued: tokens.issued })
    .from(tokens)
    .where(and(eq(tokens.sessionId, sessionId), eq(tokens.status, 'active')))
    .for('update');
  if (session.via !== 'cookie') return;
  const held = new Set(session.tokens.map((entry) => entry.token.id));
  const newest = Math.max(...session.tokens.map((entry) => entry.token.issued.getTime()));
  const active = new Set(rows.map((row) => row.id));
  const grown = rows.some((row) => !held.has(row.id) && row.issued.getTime() >= newest);
  if (grown || [...held].some((id) => !active.has(id)))
    throw errors.conflict(sv.errors.sessionChanged);
}
