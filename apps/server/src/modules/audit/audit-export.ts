import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { auditExportPending, auditLog, users } from '../../db/schema';
import type { JobService } from '../../jobs/job-service';
import { shownField } from '../../identity/protected-identity';
import { seenByNoOne } from '../../identity/shown-names';
import { hiddenPeopleFor } from './audit-hidden-people';

/** Where the audit log is delivered: the municipality's log system (decision 0022). */
export interface AuditExportConfig {
  url: string;
  /** Sent as a bearer token; never logged. */
  token: string | null;
  intervalMs: number;
  timeoutMs: number;
}

export const auditExportQueue = 'audit.export';
const batchSize = 500;
/** A run stops after this many batches; the next run goes on, so a backlog never blocks the queue. */
const batchesPerRun = 20;

export class AuditExportError extends Error {}

const realUsers = alias(users, 'real_users');

/** Pending entries, oldest first, locked so two instances never send the same batch. */
async function pendingEntries(tx: Executor) {
  return tx
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      actorUsername: shownField(seenByNoOne, users, users.username).mapWith(users.username),
      realUserId: auditLog.realUserId,
      realUsername: shownField(seenByNoOne, realUsers, realUsers.username).mapWith(
        realUsers.username,
      ),
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      requestId: auditLog.requestId,
      address: auditLog.address,
    })
    .from(auditExportPending)
    .innerJoin(auditLog, eq(auditLog.id, auditExportPending.auditId))
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(realUsers, eq(realUsers.id, auditLog.realUserId))
    .orderBy(asc(auditExportPending.auditId))
    .limit(batchSize)
    .for('update', { of: auditExportPending, skipLocked: true });
}

type PendingEntry = Awaited<ReturnType<typeof pendingEntries>>[number];

/**
 * The log system is no reader the protected-identity rule knows (decision
 * 0039): a person with a protected identity goes there by id only, and what
 * the entries say of them is left out as for a reader without the right.
 */
async function pendingEntriesToSend(tx: Executor) {
  const entries = await pendingEntries(tx);
  if (entries.length === 0) return entries;
  const hidden = await hiddenPeopleFor(tx, seenByNoOne);
  return entries.map((entry) => hidden.entry(entry));
}

/** One JSON object per line; `id` lets the receiver drop a line it already has (delivery is at least once). */
export function exportLine(entry: PendingEntry) {
  return JSON.stringify({
    source: 'skolportalen',
    id: entry.id,
    at: entry.at.toISOString(),
    action: entry.action,
    actor:
      entry.actorUserId === null ? null : { id: entry.actorUserId, username: entry.actorUsername },
    realUser:
      entry.realUserId === null ? null : { id: entry.realUserId, username: entry.realUsername },
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    requestId: entry.requestId,
    address: entry.address,
  });
}

async function deliver(config: AuditExportConfig, entries: readonly PendingEntry[]) {
  let response: Response;
  try {
    response = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-ndjson; charset=utf-8',
        ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
      },
      body: `${entries.map(exportLine).join('\n')}\n`,
      // A redirect could carry the token elsewhere.
      redirect: 'error',
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'no contact';
    throw new AuditExportError(`audit export: ${reason}`);
  }
  // The body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new AuditExportError(`audit export: HTTP ${response.status}`);
}

/**
 * Sends pending entries in batches, each in its own transaction: an entry
 * leaves the pending table only when the log system has answered 2xx for it,
 * so a failure or a stop loses nothing (it is sent again, at least once).
 */
export async function exportPendingAudit(db: Database, config: AuditExportConfig) {
  let exported = 0;
  for (let batch = 0; batch < batchesPerRun; batch += 1) {
    const sent = await db.transaction(async (tx) => {
      const entries = await pendingEntriesToSend(tx);
      if (entries.length === 0) return 0;
      await deliver(config, entries);
      await tx.delete(auditExportPending).where(
        inArray(
          auditExportPending.auditId,
          entries.map((entry) => entry.id),
        ),
      );
      return entries.length;
    });
    exported += sent;
    if (sent < batchSize) break;
  }
  return exported;
}

export async function countPendingAudit(db: Executor) {
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(auditExportPending);
  return row?.value ?? 0;
}

/**
 * Delivers the audit log to the municipality's log system every interval,
 * once per interval across all instances (ASVS 16.4.3). A failed delivery
 * fails the job (listed under the jobs, logged with the backlog) and is
 * tried again at the next interval.
 */
export function registerAuditExport(
  jobs: JobService,
  db: Database,
  config: AuditExportConfig | null,
  log: FastifyBaseLogger,
) {
  if (!config) return;
  jobs.define({
    name: auditExportQueue,
    retryLimit: 0,
    backoff: false,
    expireInSeconds: 10 * 60,
    handler: async () => {
      try {
        return { exported: await exportPendingAudit(db, config) };
      } catch (error) {
        if (error instanceof AuditExportError) {
          log.warn({ backlog: await countPendingAudit(db) }, error.message);
        }
        throw error;
      }
    },
  });
  jobs.every(auditExportQueue, config.intervalMs);
}
