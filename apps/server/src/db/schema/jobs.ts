import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Each run of a background job (pg-boss keeps only the last error): when it
 * started and ended, how far it got and why it failed. Keyed by pg-boss's job id.
 */
export const jobAttempts = pgTable(
  'job_attempts',
  {
    jobId: uuid('job_id').notNull(),
    queue: text('queue').notNull(),
    /** 1 for the first run, 2 for the first retry… */
    attempt: integer('attempt').notNull(),
    /** 0–100 as the job reports it; null when it does not. */
    progress: integer('progress'),
    /** What the job is doing now, in the job's own words (e.g. an import's phase). */
    phase: text('phase'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.attempt] }),
    index('job_attempts_started_idx').on(table.startedAt),
  ],
);
