import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import type { JobService } from '../../jobs/job-service';
import { recordAudit } from '../audit/audit.repo';
import { deletePostForGood } from '../posts/posts.service';

export const retentionQueue = 'posts.retention';

/** Posts deleted per transaction. */
const batchSize = 100;

/** Any fixed number; a second run at the same time does nothing while the first holds it. */
const retentionLockId = 724_311_043;

interface DuePost {
  post_id: number;
  type: string;
  title: string;
  slug: string;
  status: string;
  event: string;
  recorded_at: Date;
  versions: number;
  in_portal: boolean;
  rule_id: number;
  keep_months: number;
  decision: string;
}

/**
 * The posts a retention rule lets go at `now` (decision 0043): a rule with a
 * number of months covers the post's type; its latest version is not
 * published (a draft, the trash, or deleted from the portal) and was
 * recorded more than that many months ago; and the post, if still in the
 * portal, is neither published nor scheduled. A post without a version, or
 * of a type no rule covers, or under a keep-forever rule, is never due.
 */
function dueQuery(now: Date, only?: SQL) {
  return sql`
    with latest as (
      select distinct on (v.post_id) v.post_id, v.type, v.title, v.slug, v.status, v.event,
        v.recorded_at
      from post_versions v
      ${only ? sql`where ${only}` : sql``}
      order by v.post_id, v.number desc
    )
    select l.post_id, l.type, l.title, l.slug, l.status, l.event, l.recorded_at,
      (select count(*)::int from post_versions c where c.post_id = l.post_id) as versions,
      p.id is not null as in_portal,
      r.id as rule_id, r.keep_months, r.decision
    from latest l
    join retention_rules r on r.post_type = l.type and r.keep_months is not null
    left join posts p on p.id = l.post_id
    where l.status in ('draft', 'trash')
      and (p.id is null or p.status in ('draft', 'trash'))
      and l.recorded_at < ${now.toISOString()}::timestamptz - make_interval(months => r.keep_months)`;
}

/** How many posts each rule would delete at `now`: the next run, without deleting. */
export async function dueCountsByRule(db: Executor, now: Date): Promise<Map<number, number>> {
  const rows = await rowsOf<{ rule_id: number; due: number }>(
    db,
    sql`select rule_id, count(*)::int as due from (${dueQuery(now)}) d group by rule_id`,
  );
  return new Map(rows.map((row) => [Number(row.rule_id), Number(row.due)]));
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * One batch in one transaction: the due posts are found, those still in the
 * portal locked (a write waits, or has written first and is seen), found
 * again, and each deleted — its row with everything hanging on it, as a
 * DELETE from the trash does, and all its versions — with an entry in the
 * audit log naming the rule and its decision. Returns how many were looked
 * at, so the caller knows whether more may be due, and what went.
 */
async function deleteBatch(db: Database, now: Date) {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${retentionLockId}) as locked`,
    );
    if (!lock?.locked) return { looked: 0, deleted: [] as DuePost[] };
    const candidates = await rowsOf<DuePost>(
      tx,
      sql`${dueQuery(now)} order by l.recorded_at, l.post_id limit ${batchSize}`,
    );
    if (candidates.length === 0) return { looked: 0, deleted: [] as DuePost[] };
    const ids = candidates.map((row) => Number(row.post_id));
    await tx.execute(sql`select id from posts where id in (${idList(ids)}) for update`);
    const due = await rowsOf<DuePost>(tx, dueQuery(now, sql`v.post_id in (${idList(ids)})`));
    for (const post of due) {
      const postId = Number(post.post_id);
      if (post.in_portal) await deletePostForGood(tx, postId);
      await tx.execute(sql`delete from post_versions where post_id = ${postId}`);
      await recordAudit(tx, {
        actorUserId: null,
        action: 'post.retention-deleted',
        entityType: 'post',
        entityId: postId,
        before: {
          type: post.type,
          title: post.title,
          slug: post.slug,
          status: post.status,
          lastEvent: post.event,
          lastRecordedAt: new Date(post.recorded_at).toISOString(),
          versions: Number(post.versions),
          inPortal: Boolean(post.in_portal),
        },
        after: {
          ruleId: Number(post.rule_id),
          keepMonths: Number(post.keep_months),
          decision: post.decision,
        },
      });
    }
    return { looked: candidates.length, deleted: due };
  });
}

/**
 * Deletes every post a retention rule lets go at `now`, a batch per
 * transaction; returns the ids deleted. A run that finds another holding the
 * lock stops: that one does the work.
 */
export async function runRetention(db: Database, now: Date): Promise<number[]> {
  const deleted: number[] = [];
  for (;;) {
    const batch = await deleteBatch(db, now);
    deleted.push(...batch.deleted.map((post) => Number(post.post_id)));
    if (batch.looked < batchSize) return deleted;
  }
}

/** Once a night, across all instances (decision 0012): what the rules let go is deleted. */
export function registerRetentionRun(deps: {
  db: Database;
  jobs: JobService;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  deps.jobs.define({
    name: retentionQueue,
    // The next night is the retry.
    retryLimit: 0,
    backoff: false,
    expireInSeconds: 30 * 60,
    handler: async () => {
      const deleted = await runRetention(deps.db, deps.clock());
      deps.log.info({ queue: retentionQueue, deleted: deleted.length }, 'retention run done');
      return { deleted: deleted.length };
    },
  });
  deps.jobs.schedule(retentionQueue, '23 2 * * *');
}
