import { durations } from '@skolportalen/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tokens } from '../../db/schema';
import { hashTokenSecret, newTokenId, newTokenSecret } from './token-secret';

export type TokenRow = typeof tokens.$inferSelect;
export type TokenType = TokenRow['type'];

export interface IssueTokenInput {
  userId: number;
  type: TokenType;
  masked?: boolean;
  maskedBy?: number | null;
  lifetimeMs?: number;
}

export async function issueToken(db: Executor, input: IssueTokenInput) {
  const secret = newTokenSecret();
  const now = new Date();
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
    })
    .returning();
  return { token: row!, secret };
}

/** The usable tokens among the given secrets, keyed by secret. */
export async function findUsableTokens(db: Executor, secrets: readonly string[]) {
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
    result.set(bySecretHash.get(row.tokenHash)!, row);
  }
  return result;
}

export async function revokeTokens(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .update(tokens)
    .set({ status: 'revoked', revokedAt: new Date() })
    .where(and(inArray(tokens.id, [...ids]), eq(tokens.status, 'active')));
}
