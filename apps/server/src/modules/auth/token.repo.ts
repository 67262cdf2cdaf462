import { durations, sv } from '@skolportalen/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { tokens } from '../../db/schema';
import { errors } from '../../http/errors';
import { isIdle, type IdlePolicy } from '../../http/session-activity';
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
  const [row] = await db
    .insert(tokens)
    .values({
      id: newTokenId(),
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
 * Revokes every active token of an account, and the masked ones it opened as
 * an administrator acting as someone else; answers how many.
 */
export async function revokeTokensOfUser(db: Executor, userId: number) {
  return revokeTokensOfUsers(db, [userId]);
}

/** Ends every active session of these accounts, and every one they opened acting as someone else. */
export async function revokeTokensOfUsers(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return 0;
  const revoked = await db
    .update(tokens)
    .set({ status: 'revoked', revokedAt: new Date() })
    .where(
      and(
        or(inArray(tokens.userId, [...userIds]), inArray(tokens.maskedBy, [...userIds])),
        eq(tokens.status, 'active'),
      ),
    )
    .returning({ id: tokens.id });
  return revoked.length;
}

export async function revokeTokens(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .update(tokens)
    .set({ status: 'revoked', revokedAt: new Date() })
    .where(and(inArray(tokens.id, [...ids]), eq(tokens.status, 'active')));
}
