import {
  emptyImportCounts,
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
import { loggableError } from '../../db/loggable-error';
import { recordAudit } from '../audit/audit.repo';
import { applyImportPlan, type ImportPhase } from './import-apply.service';
import { planImport } from './import-plan';
import type { JobContext, JobService } from '../../jobs/job-service';
import {
  claimRun,
  failStaleRuns,
  finishRun,
  updateProgress,
  type ImportRunRow,
} from './import-runs.repo';
import { fetchFromApi, ImportSourceError } from './ss12000-client';

const e = sv.admin.import.errors;
/** A running run not touched for this long belonged to a server that stopped. */
const staleAfterMs = 10 * 60_000;
const maxWarnings = 200;

export const importQueue = 'ss12000-import.run';
const sweepQueue = 'ss12000-import.sweep';

class StopRequested extends Error {}

/** The day in Sweden: memberships and duties are current from and to whole days there. */
function swedishToday() {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
}

/**
 * Runs queued imports as background jobs: `import_runs` holds the run and
 * its report, the job queue says when and where it runs. One run at a time
 * (the table's partial unique index); a run whose server stopped is failed
 * by a sweep every five minutes, so a new one can start.
 */
export function registerImportJobs(
  jobs: JobService,
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  today: () => string = swedishToday,
) {
  const runner = new ImportRunner(db, config, log, today);
  jobs.define<{ runId: number }>({
    name: importQueue,
    // Running again finishes what an interrupted run began; that is the administrator's call.
    retryLimit: 0,
    backoff: false,
    expireInSeconds: 4 * 60 * 60,
    handler: async ({ runId }, context) => runner.run(runId, context),
  });
  jobs.define({
    name: sweepQueue,
    retryLimit: 0,
    backoff: false,
    expireInSeconds: 5 * 60,
    handler: async () => failStaleRuns(db, staleAfterMs, e.interrupted),
  });
  jobs.schedule(sweepQueue, '*/5 * * * *');
}

class ImportRunner {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly today: () => string,
  ) {}

  async run(runId: number, context: JobContext) {
    const run = await claimRun(this.db, runId);
    // Already run, or failed by the sweep: nothing to do.
    if (run) await this.execute(run, context);
  }

  private async execute(run: ImportRunRow, context: JobContext) {
    const started = Date.now();
    const counts: ImportCounts = emptyImportCounts();
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
      if (context.signal.aborted) throw new StopRequested();
      await updateProgress(this.db, run.id, phase, percent);
      await context.progress(percent, phase);
    };
    try {
      const file = await this.readSource(run, progress);
      const plan = planImport(file, this.today());
      read = plan.read;
      warnings = [...plan.warnings];
      const applied = await applyImportPlan(this.db, plan, counts, { progress }, run);
      // What the run did to accounts (leavers kept, guarded) matters more than the file's gaps: first.
      warnings.unshift(...applied.warnings);
      await this.db.transaction(async (tx) => {
        await finishRun(tx, run.id, { state: 'succeeded', report: report(), error: null });
        await recordAudit(tx, {
          actorUserId: run.createdBy,
          action: 'import.run',
          entityType: 'import_run',
          entityId: run.id,
          after: {
            source: run.source,
            leavers: run.leavers,
            counts,
            warningCount: warnings.length,
          },
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
        this.log.error({ err: loggableError(error), runId: run.id }, 'import run failed');
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
