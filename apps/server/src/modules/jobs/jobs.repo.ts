import type { JobDetailResponse, JobResponse, JobState, SortTerm } from '@skolportalen/shared';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { jobAttempts } from '../../db/schema';
import { internalQueuePrefix } from '../../jobs/job-service';

export const jobSortColumns = ['createdAt', 'startedAt', 'completedAt', 'name', 'state'] as const;
export type JobSortColumn = (typeof jobSortColumns)[number];

const sortSql: Record<JobSortColumn, SQL> = {
  createdAt: sql`j.created_on`,
  startedAt: sql`j.started_on`,
  completedAt: sql`j.completed_on`,
  name: sql`j.name`,
  state: sql`j.state`,
};

export interface JobFilter {
  states?: JobState[];
  names?: string[];
  from?: string;
  to?: string;
  /** Only this job. */
  id?: string;
}

interface JobRow {
  id: string;
  name: string;
  state: JobState;
  data: Record<string, unknown> | null;
  retry_limit: number;
  singleton_key: string | null;
  created_on: Date | string;
  start_after: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  progress: number | null;
  phase: string | null;
  error: string | null;
  attempts: number | string;
}

/** pg-boss keeps waiting and recent jobs in `job` and moves finished ones to `archive`. */
const everyJob = sql`(
  select id, name, state::text as state, data, retry_limit, singleton_key, created_on, start_after,
    started_on, completed_on, output
  from pgboss.job
  union all
  select id, name, state::text, data, retry_limit, singleton_key, created_on, start_after,
    started_on, completed_on, output
  from pgboss.archive
)`;

function whereOf(filter: JobFilter): SQL {
  const conditions: SQL[] = [sql`j.name not like ${`${internalQueuePrefix}%`}`];
  if (filter.id) conditions.push(sql`j.id = ${filter.id}::uuid`);
  if (filter.states?.length)
    conditions.push(
      sql`j.state in (${sql.join(
        filter.states.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filter.names?.length)
    conditions.push(
      sql`j.name in (${sql.join(
        filter.names.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
  if (filter.from) conditions.push(sql`j.created_on >= ${filter.from}::timestamptz`);
  if (filter.to) conditions.push(sql`j.created_on < ${filter.to}::timestamptz`);
  return sql.join(conditions, sql` and `);
}

const iso = (value: Date | string) => new Date(value).toISOString();

function present(row: JobRow): JobResponse {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    progress: row.progress === null ? null : Number(row.progress),
    phase: row.phase,
    attempts: Number(row.attempts),
    retryLimit: Number(row.retry_limit),
    error: row.error,
    data: row.data ?? {},
    singletonKey: row.singleton_key,
    createdAt: iso(row.created_on),
    startAfter: iso(row.start_after),
    startedAt: row.started_on ? iso(row.started_on) : null,
    completedAt: row.completed_on ? iso(row.completed_on) : null,
  };
}

function selectJobs(where: SQL, order: SQL, limit: number, offset: number) {
  return sql`
    select j.id, j.name, j.state, j.data, j.retry_limit, j.singleton_key, j.created_on,
      j.start_after, j.started_on, j.completed_on,
      last.progress, last.phase,
      coalesce(
        last.error,
        case when j.state in ('failed', 'retry')
          then coalesce(j.output->>'message', j.output->'value'->>'message') end
      ) as error,
      (select count(*) from job_attempts c where c.job_id = j.id) as attempts
    from ${everyJob} j
    left join lateral (
      select a.progress, a.phase, a.error from job_attempts a
      where a.job_id = j.id order by a.attempt desc limit 1
    ) last on true
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}`;
}

export async function listJobs(
  db: Executor,
  filter: JobFilter,
  sort: SortTerm<JobSortColumn>[],
  page: number,
  perPage: number,
) {
  const where = whereOf(filter);
  const order = sql.join(
    [
      ...sort.map(
        (term) =>
          sql`${sortSql[term.column]} ${sql.raw(term.direction === 'DESC' ? 'desc nulls last' : 'asc nulls first')}`,
      ),
      sql`j.id`,
    ],
    sql`, `,
  );
  const [rows, totals] = await Promise.all([
    rowsOf<JobRow>(db, selectJobs(where, order, perPage, (page - 1) * perPage)),
    rowsOf<{ total: number | string }>(
      db,
      sql`select count(*) as total from ${everyJob} j where ${where}`,
    ),
  ]);
  return { jobs: rows.map(present), total: Number(totals[0]?.total ?? 0) };
}

export async function findJob(db: Executor, id: string): Promise<JobDetailResponse | undefined> {
  const [row] = await rowsOf<JobRow>(db, selectJobs(whereOf({ id }), sql`j.id`, 1, 0));
  if (!row) return undefined;
  const attempts = await db
    .select()
    .from(jobAttempts)
    .where(eq(jobAttempts.jobId, id))
    .orderBy(asc(jobAttempts.attempt));
  return {
    ...present(row),
    attemptHistory: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      startedAt: attempt.startedAt.toISOString(),
      finishedAt: attempt.finishedAt?.toISOString() ?? null,
      progress: attempt.progress,
      phase: attempt.phase,
      error: attempt.error,
    })),
  };
}
