import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { JobService } from '../../jobs/job-service';
import { rowsOf } from '../../db/raw-rows';
import { recordAudit } from '../audit/audit.repo';
import { recordPostVersions } from './post-versions.repo';
import { refreshFeed } from './post-writes.repo';

/** Any fixed number; every instance asks for the same lock, so one of them does each run. */
const schedulerLockId = 724_311_031;

export interface SchedulerRun {
  published: number[];
  unpublished: number[];
  /** Courses that have ended: Kommande becomes Avslutad (spec §3, decision 0013). */
  closedCourses: number[];
}

/**
 * Publishes the scheduled posts whose time has come and takes down those
 * whose unpublishing time has passed — two UPDATEs in one transaction under
 * an advisory lock. Running it twice, or on several instances at once,
 * changes nothing more: a run that does not get the lock does nothing.
 * `onPublished` runs in the same transaction (the posts' notifications).
 */
export async function runPostSchedule(
  db: Database,
  now: Date,
  onPublished?: (tx: Executor, postIds: number[]) => Promise<void>,
): Promise<SchedulerRun> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${schedulerLockId}) as locked`,
    );
    if (!lock?.locked) return { published: [], unpublished: [], closedCourses: [] };
    const at = now.toISOString();
    const published = await rowsOf<{ id: number }>(
      tx,
      sql`update posts set status = 'publish', updated_at = now()
          where status = 'future' and published_date <= ${at}::timestamptz returning id`,
    );
    const unpublished = await rowsOf<{ id: number }>(
      tx,
      sql`update posts set status = 'draft', updated_at = now()
          where status = 'publish' and unpublished_date <= ${at}::timestamptz returning id`,
    );
    const closed = await rowsOf<{ id: number }>(
      tx,
      sql`update posts set status = 'draft', updated_at = now()
          where type = 'course' and status = 'publish'
            and coalesce((course->>'endDate')::timestamptz, (course->>'startDate')::timestamptz) <= ${at}::timestamptz
          returning id`,
    );
    const run = {
      published: published.map((row) => Number(row.id)),
      unpublished: unpublished.map((row) => Number(row.id)),
      closedCourses: closed.map((row) => Number(row.id)),
    };
    if (run.published.length) await onPublished?.(tx, run.published);
    await recordPostVersions(tx, run.published, { at: now, by: null, event: 'published' });
    await recordPostVersions(tx, [...run.unpublished, ...run.closedCourses], {
      at: now,
      by: null,
      event: 'unpublished',
    });
    const changed = [...run.published, ...run.unpublished, ...run.closedCourses];
    if (changed.length) {
      await refreshFeed(tx, changed);
      await recordAudit(tx, {
        actorUserId: null,
        action: 'post.schedule',
        entityType: 'post',
        after: run,
      });
    }
    return run;
  });
}

export const postScheduleQueue = 'posts.schedule';

/**
 * Keeps statuses true to their dates, so a scheduled post appears at its time
 * without a restart or a request: a background job every
 * POST_SCHEDULER_INTERVAL_MS, run once per interval across all instances.
 */
export function registerPostSchedule(options: {
  db: Database;
  jobs: JobService;
  intervalMs: number;
  clock: () => Date;
  onPublished: (tx: Executor, postIds: number[]) => Promise<void>;
  afterPublished: () => void;
}) {
  options.jobs.define({
    name: postScheduleQueue,
    // The next interval is the retry.
    retryLimit: 0,
    backoff: false,
    expireInSeconds: 5 * 60,
    handler: async () => {
      const run = await runPostSchedule(options.db, options.clock(), options.onPublished);
      if (run.published.length) options.afterPublished();
      return run;
    },
  });
  options.jobs.every(postScheduleQueue, options.intervalMs);
}
