import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client';
import { jobQueueSchema, type SqlExecutor } from '../db/job-queue-schema';
import { loggableError } from '../db/loggable-error';
import { jobFailures, watchJobQueues } from '../metrics/metrics';
import { finishAttempt, recordProgress, startAttempt } from './job-attempts.repo';
import { transactionExecutor } from './transaction-executor';

export interface JobContext {
  jobId: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** The last attempt this job gets: an error now fails it for good. */
  finalAttempt: boolean;
  /** Aborted when this instance shuts down; a long job stops at its next checkpoint. */
  signal: AbortSignal;
  /** How far the job has come (0–100) and what it is doing; shown by GET /job. */
  progress(percent: number, phase?: string): Promise<void>;
}

export interface QueueDefinition<Data extends object> {
  name: string;
  handler: (data: Data, context: JobContext) => Promise<unknown>;
  /** How many times a failed run is tried again (0: never). */
  retryLimit: number;
  /** Wait twice as long before each new try, from JOBS_RETRY_DELAY_SECONDS. */
  backoff: boolean;
  /** A run taking longer counts as failed. */
  expireInSeconds: number;
}

export interface JobServiceOptions {
  pollIntervalSeconds: number;
  retryDelaySeconds: number;
  cronCheckSeconds: number;
  /** How long shutting down waits for running jobs before failing them. */
  stopTimeoutMs?: number;
  log: FastifyBaseLogger;
}

export interface SendOptions {
  /** Queue the job as part of this transaction: it exists only if the transaction commits. */
  tx?: Executor;
  startAfter?: Date;
  /** At most one job with this key waits or runs at a time. */
  singletonKey?: string;
}

/** The queues pg-boss runs for itself; not the portal's work, so never listed. */
export const internalQueuePrefix = '__pgboss__';
/** pg-boss's queue for recurring jobs, created here with the others (see ensureQueues). */
const scheduleQueue = `${internalQueuePrefix}send-it`;
/** Any fixed number: instances starting together create queues one at a time. */
const queueLockId = 724_311_020;

type AnyQueue = QueueDefinition<object>;

/**
 * Background jobs on the portal's own database (pg-boss, on PostgreSQL or
 * PGlite). Every instance runs workers; a job is taken by exactly one of them
 * (SKIP LOCKED), and a recurring schedule fires once per slot however many
 * instances there are. Modules define their queues at start-up and queue
 * work, inside their own transaction when it belongs to a write.
 */
export class JobService {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, AnyQueue>();
  private readonly workers = new Map<string, string>();
  private readonly schedules = new Map<string, { cron: string; data: object }>();
  private readonly intervals = new Map<string, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stopping = new AbortController();
  private running: Promise<void> | null = null;
  /** Takes the queues' depths off /metrics again. */
  private stopWatching: (() => void) | null = null;
  /** pg-boss's statements under way; shutting down waits for them before the database closes. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Jobs this instance is running; shutting down waits for them too. */
  private readonly handling = new Set<Promise<unknown>>();

  constructor(
    private readonly database: { db: Database } & SqlExecutor,
    private readonly options: JobServiceOptions,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.track(database.executeSql(text, values)) },
      schema: jobQueueSchema,
      // The schema is installed with the migrations (db/job-queue-schema.ts).
      migrate: false,
      supervise: true,
      schedule: true,
      cronMonitorIntervalSeconds: options.cronCheckSeconds,
      cronWorkerIntervalSeconds: Math.max(1, Math.round(options.pollIntervalSeconds)),
      // Finished jobs stay listed for a week (GET /job), then go.
      archiveCompletedAfterSeconds: 60 * 60,
      archiveFailedAfterSeconds: 24 * 60 * 60,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  }

  /** Declares a queue and its worker; may be called before or after start. */
  define<Data extends object>(definition: QueueDefinition<Data>) {
    if (this.queues.has(definition.name))
      throw new Error(`queue ${definition.name} is defined twice`);
    const queue = definition as unknown as AnyQueue;
    this.queues.set(definition.name, queue);
    jobFailures.inc({ queue: definition.name }, 0);
    if (this.running) {
      this.running = this.running.then(async () => {
        await this.ensureQueues([queue]);
        await this.startQueue(queue);
      });
    }
  }

  /**
   * Runs a queue on a cron schedule (Europe/Stockholm time, minute precision),
   * once per slot across all instances.
   */
  schedule(name: string, cron: string, data: object = {}) {
    this.schedules.set(name, { cron, data });
    if (this.running) this.running = this.running.then(() => this.applySchedule(name));
  }

  /**
   * Runs a queue every `intervalMs` (at least a second apart), once per
   * interval across all instances: each instance offers a job per interval,
   * and pg-boss keeps one per time slot (a singleton key with a slot length).
   * For work that a minute's cron is too coarse for; 0 turns it off.
   */
  every(name: string, intervalMs: number) {
    if (intervalMs <= 0) return;
    this.intervals.set(name, intervalMs);
    if (this.running) this.running = this.running.then(() => this.startInterval(name));
  }

  async start() {
    this.running ??= (async () => {
      await this.ensureQueues([...this.queues.values()]);
      await this.boss.start();
      for (const queue of this.queues.values()) await this.startQueue(queue);
      // A schedule removed from the code stops firing.
      for (const existing of await this.boss.getSchedules()) {
        if (!this.schedules.has(existing.name)) await this.boss.unschedule(existing.name);
      }
      for (const name of this.schedules.keys()) await this.applySchedule(name);
      for (const name of this.intervals.keys()) this.startInterval(name);
      this.stopWatching ??= watchJobQueues(() => this.queueDepths());
    })();
    await this.running;
  }

  /**
   * Jobs waiting to run (created, or failed and waiting for a retry) per
   * defined queue, 0 for a queue with none. Read at each scrape of /metrics;
   * while the database is away it answers nothing, so the rest is still served.
   */
  async queueDepths(): Promise<ReadonlyMap<string, number>> {
    const depths = new Map([...this.queues.keys()].map((name) => [name, 0]));
    try {
      const { rows } = await this.database.executeSql(
        `select name, count(*)::int as depth from ${jobQueueSchema}.job where state < 'active' group by name`,
      );
      for (const row of rows as { name: string; depth: number }[])
        if (depths.has(row.name)) depths.set(row.name, Number(row.depth));
      return depths;
    } catch (error) {
      this.options.log.warn({ err: error }, 'job queue depths not read for /metrics');
      return new Map();
    }
  }

  /** Stops taking jobs, lets running ones reach a checkpoint, fails what is still running after the timeout. */
  async stop() {
    this.stopWatching?.();
    this.stopWatching = null;
    if (!this.running) return;
    await this.running.catch(() => undefined);
    for (const timer of this.timers) clearInterval(timer);
    this.stopping.abort();
    const timeoutMs = this.options.stopTimeoutMs ?? 30_000;
    const deadline = Date.now() + timeoutMs;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    // pg-boss waits only for jobs it counts as running. A worker that was fetching when it
    // stopped still runs the job it took, and pg-boss writes a job's end without waiting
    // for it: the database stays open until all of that is done.
    await this.settle(deadline);
  }

  /** Waits until no statement and no job is under way, checked again after the event loop turns. */
  private async settle(deadline: number) {
    const busy = () => [...this.inFlight, ...this.handling];
    while (Date.now() < deadline) {
      const pending = busy();
      if (pending.length === 0) {
        // A fetch that just ended hands its job to the worker in a later microtask.
        await new Promise((resolve) => setImmediate(resolve));
        if (busy().length === 0) return;
        continue;
      }
      let timer: NodeJS.Timeout | undefined;
      const timeUp = new Promise((resolve) => {
        timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
      });
      await Promise.race([Promise.allSettled(pending), timeUp]);
      clearTimeout(timer);
    }
  }

  private track<T>(promise: Promise<T>, into: Set<Promise<unknown>> = this.inFlight): Promise<T> {
    into.add(promise);
    const forget = () => into.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  /** Queues a job; returns its id, or null when a job with the same singleton key is already waiting. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`unknown queue ${name}`);
    const id = await this.boss.send(name, data, {
      ...(options.tx ? { db: transactionExecutor(options.tx) } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
    if (!options.tx) this.wake(name);
    return id;
  }

  /** Asks this instance's worker to look now rather than at its next poll (after a commit, say). */
  wake(name: string) {
    const workerId = this.workers.get(name);
    if (workerId) this.boss.notifyWorker(workerId);
  }

  private settingsOf(queue: AnyQueue) {
    return {
      name: queue.name,
      retryLimit: queue.retryLimit,
      retryDelay: this.options.retryDelaySeconds,
      retryBackoff: queue.backoff,
      expireInSeconds: queue.expireInSeconds,
    };
  }

  /**
   * Creating a queue adds a partition to pg-boss's job table; two instances
   * doing so at once deadlock, so creation runs under one advisory lock
   * (the same statement pg-boss's createQueue runs, in one transaction).
   */
  private async ensureQueues(queues: AnyQueue[]) {
    await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${queueLockId})`);
      const wanted = [
        ...queues.map((queue) => this.settingsOf(queue)),
        ...(this.running ? [] : [{ name: scheduleQueue }]),
      ];
      for (const settings of wanted) {
        await tx.execute(
          sql`select ${sql.identifier(jobQueueSchema)}.create_queue(${settings.name}, ${JSON.stringify(settings)}::json)`,
        );
      }
    });
  }

  private async startQueue(queue: AnyQueue) {
    // Settings changed in the code since the queue was made take effect.
    await this.boss.updateQueue(queue.name, this.settingsOf(queue));
    const workerId = await this.boss.work<object>(
      queue.name,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds: this.options.pollIntervalSeconds,
      },
      async ([job]) => {
        if (!job) return undefined;
        // pg-boss waits a poll interval after each job; with one done, look for the next at once.
        setImmediate(() => this.wake(queue.name));
        return this.track(this.run(queue, job), this.handling);
      },
    );
    this.workers.set(queue.name, workerId);
  }

  private startInterval(name: string) {
    if (!this.queues.has(name)) throw new Error(`interval for unknown queue ${name}`);
    const intervalMs = this.intervals.get(name)!;
    const slotSeconds = Math.max(1, Math.round(intervalMs / 1000));
    const offer = () => {
      if (this.stopping.signal.aborted) return;
      this.boss
        .send(name, {}, { singletonKey: name, singletonSeconds: slotSeconds })
        .then((id) => {
          if (id) this.wake(name);
        })
        .catch((error: unknown) =>
          this.options.log.error({ err: error, queue: name }, 'recurring job not queued'),
        );
    };
    const timer = setInterval(offer, Math.max(intervalMs, 250));
    timer.unref();
    this.timers.push(timer);
    offer();
  }

  private async applySchedule(name: string) {
    const schedule = this.schedules.get(name)!;
    if (!this.queues.has(name)) throw new Error(`schedule for unknown queue ${name}`);
    await this.boss.schedule(name, schedule.cron, schedule.data, { tz: 'Europe/Stockholm' });
  }

  private async run(queue: AnyQueue, job: PgBoss.JobWithMetadata<object>) {
    const { db } = this.database;
    const attempt = job.retryCount + 1;
    await startAttempt(db, { jobId: job.id, queue: queue.name, attempt });
    const context: JobContext = {
      jobId: job.id,
      attempt,
      finalAttempt: attempt > job.retryLimit,
      signal: this.stopping.signal,
      progress: (percent, phase) =>
        recordProgress(db, job.id, attempt, Math.max(0, Math.min(100, Math.round(percent))), phase),
    };
    try {
      const output = await queue.handler(job.data, context);
      await finishAttempt(db, job.id, attempt, null);
      return output;
    } catch (error) {
      // A failed query's values stay out of the job's record, shown in the administration,
      // and out of the log (decision 0039).
      const failure = error instanceof Error ? loggableError(error) : error;
      const message = failure instanceof Error ? failure.message : String(failure);
      jobFailures.inc({ queue: queue.name });
      await finishAttempt(db, job.id, attempt, message.slice(0, 2000)).catch(() => undefined);
      this.options.log.warn(
        { err: failure, queue: queue.name, jobId: job.id, attempt },
        'job failed',
      );
      throw failure;
    }
  }
}
