import cluster from 'node:cluster';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
} from 'prom-client';

/**
 * The process's Prometheus metrics (decision 0047, docs/operations/metrics.md),
 * served at `/metrics` (http/metrics-route.ts). One registry per process: a
 * scrape target is a process. The code that does the work counts it here
 * (infrastructure below every module, importing nothing of the portal);
 * figures read at scrape time (the pool, the queues) come from sources that
 * register themselves and go away when they close.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });
// A process of several (PORTAL_PROCESSES) gives these to the first one, which adds them up:
// making an aggregator is what sets prom-client to answer the first one's requests.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([metricsRegistry]);
  new AggregatorRegistry();
}

const registers = [metricsRegistry];

export const httpRequests = new Counter({
  name: 'skolportalen_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers,
});

export const httpRequestDuration = new Histogram({
  name: 'skolportalen_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const dbQueryDuration = new Histogram({
  name: 'skolportalen_db_query_duration_seconds',
  help: 'Database statements, from being sent to their result (on PGlite including the wait for the single connection)',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers,
});

export const jobFailures = new Counter({
  name: 'skolportalen_job_failures_total',
  help: 'Background job runs that failed, by queue (a retried job counts each failed run)',
  labelNames: ['queue'] as const,
  registers,
});

export const cacheRequests = new Counter({
  name: 'skolportalen_cache_requests_total',
  help: 'Look-ups in the process caches, by cache (sessions, answers) and result (hit, miss)',
  labelNames: ['cache', 'result'] as const,
  registers,
});

export const signIns = new Counter({
  name: 'skolportalen_sign_ins_total',
  help: 'Sign-ins, by method (password, saml, oidc) and result (success, refused)',
  labelNames: ['method', 'result'] as const,
  registers,
});

export const mails = new Counter({
  name: 'skolportalen_mail_total',
  help: 'Mail handed to the SMTP server, by result (sent, failed)',
  labelNames: ['result'] as const,
  registers,
});

export type SignInMethod = 'password' | 'saml' | 'oidc';

export function countSignIn(method: SignInMethod, result: 'success' | 'refused') {
  signIns.inc({ method, result });
}

export function countCacheLookup(cache: 'sessions' | 'answers', hit: boolean) {
  cacheRequests.inc({ cache, result: hit ? 'hit' : 'miss' });
}

/** Times a database statement: call the answer when its result (or error) is in. */
export function timeQuery(): () => void {
  const end = dbQueryDuration.startTimer();
  return () => void end();
}

// Every known series from the start, at 0: a rate over a series that appears only with its
// first event misses that event, and a dashboard shows "no data" instead of 0.
for (const cache of ['sessions', 'answers'])
  for (const result of ['hit', 'miss']) cacheRequests.inc({ cache, result }, 0);
for (const method of ['password', 'saml', 'oidc'])
  for (const result of ['success', 'refused']) signIns.inc({ method, result }, 0);
for (const result of ['sent', 'failed']) mails.inc({ result }, 0);

export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

type Source<T> = () => T | Promise<T>;

/** Registers `source` into `sources`; the answer takes it out again. */
function addSource<T>(sources: Set<Source<T>>, source: Source<T>) {
  sources.add(source);
  return () => {
    sources.delete(source);
  };
}

const poolSources = new Set<Source<PoolFigures>>();
const queueSources = new Set<Source<ReadonlyMap<string, number>>>();

new Gauge({
  name: 'skolportalen_db_pool_connections',
  help: 'Database connections: total, idle and requests waiting for one (PGlite: its one connection)',
  labelNames: ['state'] as const,
  registers,
  async collect() {
    this.reset();
    const figures = await Promise.all([...poolSources].map((source) => source()));
    for (const state of ['total', 'idle', 'waiting'] as const)
      this.set(
        { state },
        figures.reduce((sum, figure) => sum + figure[state], 0),
      );
  },
});

new Gauge({
  name: 'skolportalen_job_queue_depth',
  help: 'Background jobs waiting to run (created or waiting for a retry), by queue',
  labelNames: ['queue'] as const,
  registers,
  // Every process of several reads the same queues: their figures are one, not a sum.
  aggregator: 'max',
  async collect() {
    this.reset();
    const depths = await Promise.all([...queueSources].map((source) => source()));
    const total = new Map<string, number>();
    for (const depth of depths)
      for (const [queue, count] of depth) total.set(queue, (total.get(queue) ?? 0) + count);
    for (const [queue, count] of total) this.set({ queue }, count);
  },
});

/** The database's connections, read at each scrape. */
export const watchDatabasePool = (source: Source<PoolFigures>) => addSource(poolSources, source);

/** The job queues' depths, read at each scrape. */
export const watchJobQueues = (source: Source<ReadonlyMap<string, number>>) =>
  addSource(queueSources, source);

export interface MetricsText {
  contentType: string;
  body: string;
}

/** The metrics in Prometheus's text format. */
export async function metricsText(): Promise<MetricsText> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
