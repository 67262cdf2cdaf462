import cluster from 'node:cluster';
import { pino } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import type { Config } from './config';
import { metricsListener } from './http/metrics-route';
import { warnOfMissingNodeFlags } from './node-flags';

/** Processes that end this soon after starting, this many times in a row, stop the portal. */
const quickEndMs = 10_000;
const quickEndsToGiveUp = 3;

/**
 * PORTAL_PROCESSES above 1 (decision 0056): this process prepares the
 * database once, then starts that many portal processes on the same port
 * (node:cluster hands each new connection to the next). Each is a whole
 * instance, as behind a load balancer: they share sessions and the content
 * counters through the database, and rate limits and the cache through
 * Redis. This process answers nothing itself. It starts another process when
 * one ends unexpectedly, adds up their metrics on METRICS_PORT, and on SIGTERM
 * or SIGINT lets each drain and stop before it ends itself.
 */
export async function runPortalProcesses(config: Config, prepare: () => Promise<void>) {
  const log = pino({ level: config.logLevel });
  // Each process started here gets this one's node flags (node:cluster's default).
  warnOfMissingNodeFlags(config.env, log);
  await prepare();

  const aggregator = new AggregatorRegistry();
  const metrics = config.metrics?.port
    ? metricsListener(config.metrics, async () => ({
        contentType: aggregator.contentType,
        body: await aggregator.clusterMetrics(),
      }))
    : null;

  const running = new Map<number, number>();
  let quickEnds = 0;
  let stopping = false;

  const start = () => {
    const worker = cluster.fork();
    running.set(worker.id, Date.now());
  };
  const stop = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ processes: running.size }, 'stopping the portal processes');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const finish = async () => {
      await metrics?.close();
      process.exit(exitCode);
    };
    if (running.size === 0) void finish();
    else cluster.on('exit', () => running.size === 0 && void finish());
  };

  cluster.on('exit', (worker, code, signal) => {
    const startedAt = running.get(worker.id) ?? 0;
    running.delete(worker.id);
    if (stopping) return;
    quickEnds = Date.now() - startedAt < quickEndMs ? quickEnds + 1 : 0;
    if (quickEnds >= quickEndsToGiveUp) {
      log.fatal(
        { processId: worker.process.pid, code, signal },
        `${quickEndsToGiveUp} portal processes in a row ended within ${quickEndMs / 1000} s of starting: stopping`,
      );
      stop(1);
      return;
    }
    log.error(
      { processId: worker.process.pid, code, signal },
      'a portal process ended: starting another',
    );
    start();
  });

  for (let i = 0; i < config.processes; i += 1) start();
  if (metrics && config.metrics?.port) {
    await metrics.listen({ port: config.metrics.port, host: config.host });
    log.info({ port: config.metrics.port }, 'the processes’ metrics served at /metrics');
  }
  log.info({ processes: config.processes, port: config.port }, 'portal processes started');
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
}
