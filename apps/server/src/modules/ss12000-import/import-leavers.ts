import { format, sv, type ImportCounts, type ImportLeaversMode } from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../audit/audit.repo';
import { revokeTokensOfUsers } from '../../identity/token.repo';
import { disableImportedUsers, enableImportedUsers, importedAccounts } from './import-apply.repo';
import { reportedPerson, type ImportPlan } from './import-plan';

/** The run as the account changes need it: who started it, and what to do with leavers. */
export interface ImportRunContext {
  id: number;
  createdBy: number | null;
  leavers: ImportLeaversMode;
}

/**
 * More leavers than this share of the imported accounts at once looks like an
 * incomplete source (a file of one school, an export cut short), not pupils
 * leaving: nothing is disabled unless the run says `disable-many`.
 */
export const leaverGuardShare = 0.2;
/** Below this many leavers the share is not judged: a small municipality may lose a fifth in a term. */
export const leaverGuardMinimum = 10;
const batchSize = 250;

const w = sv.admin.import.warnings;
const statusAudit = (
  tx: Executor,
  run: ImportRunContext,
  userId: number,
  action: 'user.disable' | 'user.enable',
  reason: string | null,
) =>
  recordAudit(tx, {
    actorUserId: run.createdBy,
    action,
    entityType: 'user',
    entityId: userId,
    before: action === 'user.disable' ? { disabled: false } : { disabled: true },
    after:
      action === 'user.disable'
        ? { disabled: true, disabledReason: reason, importRunId: run.id }
        : { disabled: false, importRunId: run.id },
  });

/** Enables accounts the import had disabled that the source lists again (in the batch's transaction). */
export async function enableReturning(
  tx: Executor,
  run: ImportRunContext,
  userIds: readonly number[],
) {
  const enabled = await enableImportedUsers(tx, userIds);
  for (const userId of enabled) await statusAudit(tx, run, userId, 'user.enable', null);
  return enabled.length;
}

/**
 * Disables the imported accounts whose person the source no longer lists
 * (ASVS 7.4.2 — a pupil who moved away signs in no more): they cannot sign in
 * and their sessions end, their content and history stay. Administrators are
 * left enabled (with a warning), so an import can never lock the
 * municipality out. One transaction per batch, each disable audited.
 */
export async function disableLeavers(
  db: Database,
  plan: ImportPlan,
  run: ImportRunContext,
  counts: ImportCounts,
  warnings: string[],
) {
  const listed = new Set(plan.accounts.map((account) => account.externalId));
  const imported = await importedAccounts(db);
  const enabled = imported.filter((account) => !account.disabled);
  const leavers = enabled.filter((account) => !listed.has(account.externalId!));
  if (leavers.length === 0) return;

  if (run.leavers === 'keep') {
    warnings.push(format(w.leaversKept, { count: leavers.length }));
    return;
  }
  if (
    run.leavers === 'disable' &&
    leavers.length >= leaverGuardMinimum &&
    leavers.length > enabled.length * leaverGuardShare
  ) {
    warnings.push(format(w.leaversGuarded, { count: leavers.length, total: enabled.length }));
    return;
  }

  for (const admin of leavers.filter((account) => account.admin)) {
    const person = reportedPerson({ ...admin, personId: admin.externalId! }, admin.securityMarking);
    warnings.push(format(w.leaverIsAdmin, { person }));
  }
  const toDisable = leavers.filter((account) => !account.admin).map((account) => account.id);
  const reason = format(sv.admin.import.leaverReason, { id: run.id });
  for (let start = 0; start < toDisable.length; start += batchSize) {
    const batch = toDisable.slice(start, start + batchSize);
    await db.transaction(async (tx) => {
      const disabled = await disableImportedUsers(tx, batch, reason);
      await revokeTokensOfUsers(tx, disabled);
      for (const userId of disabled) await statusAudit(tx, run, userId, 'user.disable', reason);
      counts.usersDisabled += disabled.length;
    });
  }
}
