import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Runs of the SS 12000 import: one at a time (the partial unique index),
 * with progress while running and a report of what changed when done.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    source: text('source', { enum: ['file', 'api'] }).notNull(),
    state: text('state', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    /** 0–100. */
    progress: integer('progress').notNull().default(0),
    /** What the run is doing now: reading, groups, persons, memberships, links. */
    phase: text('phase'),
    /** An uploaded file, kept until the run has read it. */
    input: jsonb('input'),
    /** What to do with imported accounts the source no longer lists. */
    leavers: text('leavers', { enum: ['disable', 'disable-many', 'keep'] })
      .notNull()
      .default('disable'),
    report: jsonb('report'),
    /** Why a failed run failed, in Swedish. */
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Touched with every batch; a running run that stops being touched was interrupted. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('import_runs_one_active')
      .on(sql`(true)`)
      .where(sql`${table.state} in ('queued', 'running')`),
    index('import_runs_created_idx').on(table.createdAt),
  ],
);
