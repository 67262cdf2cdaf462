import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobAttempts } from '../db/schema';

export async function startAttempt(
  db: Executor,
  values: { jobId: string; queue: string; attempt: number },
) {
  // A run cut short by a stopped server is run again under the same number.
  await db
    .insert(jobAttempts)
    .values(values)
    .onConflictDoUpdate({
      target: [jobAttempts.jobId, jobAttempts.attempt],
      set: { startedAt: sql`now()`, finishedAt: null, error: null, progress: null, phase: null },
    });
}

export async function recordProgress(
  db: Executor,
  jobId: string,
  attempt: number,
  progress: number,
  phase?: string,
) {
  await db
    .update(jobAttempts)
    .set({ progress, ...(phase !== undefined ? { phase } : {}) })
    .where(and(eq(jobAttempts.jobId, jobId), eq(jobAttempts.attempt, attempt)));
}

export async function finishAttempt(
  db: Executor,
  jobId: string,
  attempt: number,
  error: string | null,
) {
  await db
    .update(jobAttempts)
    .set({
      finishedAt: sql`now()`,
      error,
      ...(error === null
        ? { progress: sql`case when ${jobAttempts.progress} is null then null else 100 end` }
        : {}),
    })
    .where(and(eq(jobAttempts.jobId, jobId), eq(jobAttempts.attempt, attempt)));
}

/** Attempts of jobs pg-boss no longer keeps. */
export async function deleteOrphanAttempts(db: Executor, olderThanDays: number) {
  await db.execute(sql`
    delete from ${jobAttempts} a
    where a.started_at < now() - make_interval(days => ${olderThanDays})
      and not exists (select 1 from pgboss.job j where j.id = a.job_id)
      and not exists (select 1 from pgboss.archive r where r.id = a.job_id)`);
}
