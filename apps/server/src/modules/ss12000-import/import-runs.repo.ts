import {
  emptyImportCounts,
  type ImportLeaversMode,
  type ImportReport,
  type ImportRunResponse,
} from '@skolportalen/shared';
import { and, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { importRuns, users } from '../../db/schema';
import { fullName } from '../../identity/auth-user.repo';

export type ImportRunRow = typeof importRuns.$inferSelect;

/** A new queued run, or nothing when one is already queued or running (the partial unique index). */
export async function createRun(
  db: Executor,
  values: { source: 'file' | 'api'; input: unknown; createdBy: number; leavers: ImportLeaversMode },
) {
  const [row] = await db
    .insert(importRuns)
    .values({ ...values, phase: 'reading' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Marks a queued run as running; undefined when it is not queued (any more). */
export async function claimRun(db: Executor, id: number) {
  const [row] = await db
    .update(importRuns)
    .set({ state: 'running', startedAt: new Date(), heartbeatAt: new Date() })
    .where(and(eq(importRuns.id, id), eq(importRuns.state, 'queued')))
    .returning();
  return row;
}

export async function updateProgress(db: Executor, id: number, phase: string, progress: number) {
  await db
    .update(importRuns)
    .set({ phase, progress, heartbeatAt: new Date() })
    .where(eq(importRuns.id, id));
}

export async function finishRun(
  db: Executor,
  id: number,
  result: { state: 'succeeded' | 'failed'; report: ImportReport | null; error: string | null },
) {
  await db
    .update(importRuns)
    .set({
      ...result,
      progress: result.state === 'succeeded' ? 100 : sql`${importRuns.progress}`,
      input: null,
      finishedAt: new Date(),
      heartbeatAt: new Date(),
    })
    .where(eq(importRuns.id, id));
}

/**
 * Runs whose server stopped mid-way (nothing touched them for a while), and
 * queued runs no instance took up: one is taken within seconds, so a run
 * still queued after as long lost its job.
 */
export async function failStaleRuns(db: Executor, staleAfterMs: number, message: string) {
  const before = new Date(Date.now() - staleAfterMs);
  await db
    .update(importRuns)
    .set({ state: 'failed', error: message, input: null, finishedAt: new Date() })
    .where(
      or(
        and(eq(importRuns.state, 'running'), lt(importRuns.heartbeatAt, before)),
        and(eq(importRuns.state, 'queued'), lt(importRuns.createdAt, before)),
      ),
    );
}

export async function listRuns(db: Executor, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(importRuns)
      .orderBy(desc(importRuns.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(importRuns),
  ]);
  return { runs: await presentRuns(db, rows), total: total?.value ?? 0 };
}

export async function findRun(db: Executor, id: number) {
  const [row] = await db.select().from(importRuns).where(eq(importRuns.id, id));
  return row ? (await presentRuns(db, [row]))[0] : undefined;
}

async function presentRuns(db: Executor, rows: ImportRunRow[]): Promise<ImportRunResponse[]> {
  const creatorIds = [...new Set(rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])))];
  const creators = new Map(
    (creatorIds.length
      ? await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, creatorIds))
      : []
    ).map((user) => [user.id, { id: user.id, name: fullName(user) }]),
  );
  return rows.map((row) => ({
    id: row.id,
    source: row.source,
    leavers: row.leavers,
    state: row.state,
    progress: row.progress,
    phase: row.phase,
    report: reportOf(row),
    error: row.error,
    createdBy: row.createdBy ? (creators.get(row.createdBy) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }));
}

function reportOf(row: ImportRunRow): ImportReport | null {
  const report = row.report as ImportReport | null;
  return report && { ...report, counts: { ...emptyImportCounts(), ...report.counts } };
}
