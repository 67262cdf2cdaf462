import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { courseFeedTokens } from '../../db/schema';
import { hashTokenSecret, looksLikeTokenSecret, newTokenSecret } from '../../identity/token-secret';

/** A new secret for the user's feed; the old one stops working at once. Only its hash is kept. */
export async function replaceFeedToken(db: Executor, userId: number, now: Date): Promise<string> {
  const secret = newTokenSecret();
  await db
    .insert(courseFeedTokens)
    .values({ userId, tokenHash: hashTokenSecret(secret), createdAt: now })
    .onConflictDoUpdate({
      target: courseFeedTokens.userId,
      set: { tokenHash: hashTokenSecret(secret), createdAt: now },
    });
  return secret;
}

export async function feedTokenCreated(db: Executor, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: courseFeedTokens.createdAt })
    .from(courseFeedTokens)
    .where(eq(courseFeedTokens.userId, userId));
  return row?.createdAt ?? null;
}

export async function deleteFeedToken(db: Executor, userId: number) {
  await db.delete(courseFeedTokens).where(eq(courseFeedTokens.userId, userId));
}

/** Whose feed a secret opens, if any. */
export async function feedOwner(db: Executor, secret: string): Promise<number | null> {
  if (!looksLikeTokenSecret(secret)) return null;
  const [row] = await db
    .select({ userId: courseFeedTokens.userId })
    .from(courseFeedTokens)
    .where(eq(courseFeedTokens.tokenHash, hashTokenSecret(secret)));
  return row?.userId ?? null;
}
