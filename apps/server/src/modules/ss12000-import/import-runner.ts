import {
  format,
  ss12000ImportFile,
  sv,
  type ImportCounts,
  type ImportReport,
  type Ss12000ImportFile,
} from '@skolportalen/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/audit.repo';
import { applyImportPlan, type ImportPhase } from './import-apply.service';
import { planImport } from './import-plan';
import {
  claimNextRun,
  failStaleRuns,
  finishRun,
  updateProgress,
  type ImportRunRow,
} from './import-runs.repo';
import { fetchFromApi, ImportSourceError } from './ss12000-client';

const e = sv.admin.import.errors;
/** A running run not touched for this long belonged to a server that stopped. */
const staleAfterMs = 10 * 60_000;
/** Other instances may queue runs; each instance looks now and then. */
const pollMs = 30_000;
const maxWarnings = 200;

class StopRequested extends Error {}

/** The day in Sweden: memberships and duties are current from and to whole days there. */
function swedishToday() {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
}

/**
 * Runs queued imports one at a time, in the background of the server
 * process. Deliberately small: the queue is the `import_runs` table, so a
 * job library can take over without changing the routes or the import.
 */
export class ImportRunner {
  private loop: Promise<void> | null = null;
  private requested = false;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly today: () => string = swedishToday,
  ) {}

  async start() {
    await failStaleRuns(this.db, staleAfterMs, e.interrupted);
    this.timer = setInterval(() => this.wake(), pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Waits for the run in progress to reach the end of a batch, then stops. */
  async stop() {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.loop;
  }

  wake() {
    this.requested = true;
    if (this.loop || this.stopping) return;
    this.loop = this.drain()
      .catch((error: unknown) => this.log.error({ err: error }, 'import queue failed'))
      .finally(() => {
        this.loop = null;
        if (this.requested && !this.stopping) this.wake();
      });
  }

  private async drain() {
    while (this.requested && !this.stopping) {
      this.requested = false;
      for (let run = await claimNextRun(this.db); run; run = await claimNextRun(this.db)) {
        await this.execute(run);
        if (this.stopping) return;
      }
    }
  }

  private async execute(run: ImportRunRow) {
    const started = Date.now();
    const counts: ImportCounts = {
      nodesCreated: 0,
      nodesUpdated: 0,
      usersCreated: 0,
      usersUpdated: 0,
      rolesAdded: 0,
      membershipsAdded: 0,
      membershipsRemoved: 0,
      accountLinksAdded: 0,
      categoryLinksAdded: 0,
    };
    let read: ImportReport['read'] = { organisations: 0, groups: 0, persons: 0, duties: 0 };
    let warnings: string[] = [];
    const report = (): ImportReport => ({
      counts,
      read,
      warnings: warnings.slice(0, maxWarnings),
      warningCount: warnings.length,
      durationMs: Date.now() - started,
    });
    const progress = async (phase: ImportPhase | 'fetching' | 'reading', percent: number) => {
      if (this.stopping) throw new StopRequested();
      await updateProgress(this.db, run.id, phase, percent);
    };
    try {
      const file = await this.readSource(run, progress);
      const plan = planImport(file, this.today());
      read = plan.read;
      warnings = [...plan.warnings];
      const applied = await applyImportPlan(this.db, plan, counts, { progress });
      warnings.push(...applied.warnings);
      await this.db.transaction(async (tx) => {
        await finishRun(tx, run.id, { state: 'succeeded', report: report(), error: null });
        await recordAudit(tx, {
          actorUserId: run.createdBy,
          action: 'import.run',
          entityType: 'import_run',
          entityId: run.id,
          after: { source: run.source, counts, warningCount: warnings.length },
        });
      });
    } catch (error) {
      const message =
        error instanceof StopRequested
          ? e.stopped
          : error instanceof ImportSourceError
            ? error.message
            : format(e.failed, { reason: sv.errors.unknown });
      if (!(error instanceof StopRequested || error instanceof ImportSourceError)) {
        this.log.error({ err: error, runId: run.id }, 'import run failed');
      }
      await finishRun(this.db, run.id, { state: 'failed', report: report(), error: message });
    }
  }

  private async readSource(
    run: ImportRunRow,
    progress: (phase: 'fetching' | 'reading', percent: number) => Promise<void>,
  ): Promise<Ss12000ImportFile> {
    if (run.source === 'file') {
      await progress('reading', 5);
      return ss12000ImportFile.parse(run.input);
    }
    if (!this.config.ss12000) throw new ImportSourceError(e.apiNotConfigured);
    let pages = 0;
    return fetchFromApi(this.config.ss12000, () => progress('fetching', Math.min(9, ++pages)));
  }
}
