import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { postAcknowledgementLinks } from '../../db/schema';
import { hashTokenSecret, looksLikeTokenSecret, newTokenSecret } from '../../identity/token-secret';

export interface LinkReader {
  postId: number;
  userId: number;
}

export interface IssuedLink extends LinkReader {
  /** The secret of the link: for the mail only, never stored or logged. */
  secret: string;
}

/**
 * New one-click links, one per post and reader, each with a fresh secret of
 * 256 random bits of which only the hash is kept. They end a margin after the
 * post's deadline (or a while after `now` without one), as the database's
 * `acknowledgement_link_expiry` says, the same rule that moves them when the
 * deadline moves.
 */
export async function issueLinks(
  db: Executor,
  readers: readonly LinkReader[],
  now: Date,
): Promise<IssuedLink[]> {
  const issued: IssuedLink[] = [];
  for (const reader of readers) {
    const secret = newTokenSecret();
    await db.execute(
      sql`insert into post_acknowledgement_links (post_id, user_id, token_hash, created_at, expires_at)
        select p.id, ${reader.userId}, ${hashTokenSecret(secret)}, ${now.toISOString()}::timestamptz,
          acknowledgement_link_expiry(p.acknowledge_by, ${now.toISOString()}::timestamptz)
        from posts p where p.id = ${reader.postId}`,
    );
    issued.push({ ...reader, secret });
  }
  return issued;
}

export interface StoredLink extends LinkReader {
  id: number;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** The link a secret opens, if any; a value of another shape is looked up nowhere. */
export async function findLink(db: Executor, secret: string): Promise<StoredLink | null> {
  if (!looksLikeTokenSecret(secret)) return null;
  const [row] = await rowsOf<{
    id: number;
    post_id: number;
    user_id: number;
    expires_at: string | Date;
    revoked_at: string | Date | null;
  }>(
    db,
    sql`select id, post_id, user_id, expires_at, revoked_at from post_acknowledgement_links
      where token_hash = ${hashTokenSecret(secret)}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    postId: Number(row.post_id),
    userId: Number(row.user_id),
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}

/** Revokes a post's links still valid, every reader's or those named; answers how many. */
export async function revokeLinks(
  db: Executor,
  postId: number,
  userIds: readonly number[] | undefined,
  now: Date,
): Promise<number> {
  const revoked = await db
    .update(postAcknowledgementLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(postAcknowledgementLinks.postId, postId),
        isNull(postAcknowledgementLinks.revokedAt),
        userIds ? inArray(postAcknowledgementLinks.userId, [...userIds]) : undefined,
      ),
    )
    .returning({ id: postAcknowledgementLinks.id });
  return revoked.length;
}
