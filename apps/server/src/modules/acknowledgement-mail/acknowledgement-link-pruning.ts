import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import type { JobService } from '../../jobs/job-service';

export const linkPruningQueue = 'acknowledgement.links.prune';

/**
 * How long an ended link is kept: while it is, its page says "Länken har gått
 * ut"; after, "Länken finns inte", which a month on reads the same to anyone
 * still holding the mail.
 */
export const linkPruningMarginDays = 30;

/** Rows deleted per transaction, so no statement holds many rows' locks for long. */
const batchSize = 5_000;

/**
 * Deletes the one-click links that ended more than `marginDays` before `now`
 * (decision 0040), a batch per transaction; returns how many went. A link
 * revoked but not yet ended stays until it ends, as its end is where the
 * margin is counted from.
 */
export async function pruneExpiredLinks(
  db: Database,
  now: Date,
  marginDays = linkPruningMarginDays,
): Promise<number> {
  const cutoff = new Date(now.getTime() - marginDays * 86_400_000).toISOString();
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await rowsOf<{ id: number }>(
        tx,
        sql`delete from post_acknowledgement_links where id in (
            select id from post_acknowledgement_links
            where expires_at < ${cutoff}::timestamptz
            limit ${batchSize} for update skip locked)
          returning id`,
      );
      return rows.length;
    });
    deleted += batch;
    if (batch < batchSize) return deleted;
  }
}

/** Once a night, across all instances (decision 0012): the links long ended go. */
export function registerAcknowledgementLinkPruning(deps: {
  db: Database;
  jobs: JobService;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  deps.jobs.define({
    name: linkPruningQueue,
    // The next night is the retry.
    retryLimit: 0,
    backoff: false,
    expireInSeconds: 15 * 60,
    handler: async () => {
      const deleted = await pruneExpiredLinks(deps.db, deps.clock());
      deps.log.info(
        { queue: linkPruningQueue, deleted, marginDays: linkPruningMarginDays },
        'expired acknowledgement links pruned',
      );
      return { deleted };
    },
  });
  deps.jobs.schedule(linkPruningQueue, '43 3 * * *');
}
