import type { AcknowledgementChannel } from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import { postAcknowledgements } from '../../db/schema';

/**
 * Records confirmations: one row per (post, acknowledger, child or none).
 * Those recorded before — by an earlier request, or one running at the same
 * time — are left as they were (the unique index decides). Returns the
 * children (null for oneself) this call recorded.
 */
export async function insertAcknowledgements(
  db: Executor,
  values: {
    postId: number;
    userId: number;
    childIds: readonly (number | null)[];
    via: AcknowledgementChannel;
    at: Date;
  },
): Promise<(number | null)[]> {
  if (values.childIds.length === 0) return [];
  const inserted = await db
    .insert(postAcknowledgements)
    .values(
      values.childIds.map((childId) => ({
        postId: values.postId,
        userId: values.userId,
        childId,
        via: values.via,
        acknowledgedAt: values.at,
      })),
    )
    .onConflictDoNothing()
    .returning({ childId: postAcknowledgements.childId });
  return inserted.map((row) => row.childId);
}
