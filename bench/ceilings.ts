/**
 * The ceilings the portal's figures are read against (issue 11): the feed's
 * own SQL run straight on the driver, and a Fastify route that answers a
 * constant. The SQL is taken from the portal's code, not written again: the
 * feed is built once through the posts repository while the driver's query
 * method notes what it is sent.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, type DatabaseOptions } from '../apps/server/src/db/client';
import { loadPostAudience } from '../apps/server/src/modules/audience/audience.repo';
import { listPostsPage } from '../apps/server/src/modules/posts/post-feed.repo';
import { defaultPostSort } from '../apps/server/src/modules/posts/posts.repo';
import { stopServer } from './bench-server';

export interface CapturedQuery {
  name?: string;
  text: string;
  values: unknown[];
}

interface Recorder {
  calls: CapturedQuery[];
}

/** Notes every query a driver is sent while `work` runs. */
export async function recording(work: (recorder: Recorder) => Promise<void>) {
  const recorder: Recorder = { calls: [] };
  const clientQuery = pg.Client.prototype.query;
  const pgliteQuery = PGlite.prototype.query;
  (pg.Client.prototype as { query: unknown }).query = function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const first = args[0] as string | { text: string; values?: unknown[]; name?: string };
    // drizzle sends the values beside the query config, other callers inside it.
    const values = Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined;
    if (typeof first === 'string') recorder.calls.push({ text: first, values: values ?? [] });
    else if (first && typeof first === 'object' && 'text' in first)
      recorder.calls.push({
        name: first.name,
        text: first.text,
        values: values ?? first.values ?? [],
      });
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  };
  PGlite.prototype.query = function (this: PGlite, text: string, values?: unknown[], options?) {
    recorder.calls.push({ text, values: values ?? [] });
    return pgliteQuery.call(this, text, values, options);
  } as typeof pgliteQuery;
  try {
    await work(recorder);
  } finally {
    pg.Client.prototype.query = clientQuery;
    PGlite.prototype.query = pgliteQuery;
  }
}

/** The SQL the portal runs for a user's first GetPosts page (20, "order ASC"). */
export async function captureFeedQuery(options: DatabaseOptions, username: string) {
  let captured: CapturedQuery | undefined;
  // Recording from the start: the pool wraps each client's query method when it first lends it.
  await recording(async (recorder) => {
    const handle = await createDatabase(options);
    try {
      const [user] = (
        await handle.executeSql('select id from users where username = $1', [username])
      ).rows as { id: number }[];
      if (!user) throw new Error(`no user ${username}`);
      const audience = await loadPostAudience(handle.db, Number(user.id));
      const rows = await listPostsPage(
        handle.db,
        { audience, listAll: false },
        { statuses: ['publish'] },
        defaultPostSort,
        { page: 1, perPage: 20 },
      );
      if (rows.length !== 20) throw new Error(`the feed gave ${rows.length} posts, not 20`);
      captured = recorder.calls.find((call) => call.text.includes('post_feed'));
    } finally {
      await handle.close();
    }
  });
  if (!captured) throw new Error('the feed query was not seen');
  return captured;
}

/**
 * autocannon's histogram reports p90 and p97.5 but not p95, in whole
 * milliseconds, so the response times are collected as they come and the
 * percentiles read from them.
 */
export function loadWithLatencies(options: autocannon.Options) {
  const times: number[] = [];
  return new Promise<{ result: autocannon.Result; latencyMs: Latencies }>((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({ result, latencyMs: latencies(times) });
    });
    instance.on('response', (_client, _status, _bytes, responseTime: number) => {
      times.push(responseTime);
    });
  });
}

/** The p-th percentile of sorted values (nearest rank). */
function percentile(sorted: number[], p: number) {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!
    : 0;
}

export interface Latencies {
  p50: number;
  p95: number;
  p99: number;
}

function latencies(times: number[]): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
  };
}

function summary(times: number[], seconds: number) {
  return {
    requestsPerSecond: Math.round((times.length / seconds) * 10) / 10,
    latencyMs: latencies(times),
  };
}

/** The feed SQL on node-postgres: as many connections as the load runs use, each sending it back to back. */
export async function rawQueryCeilingPostgres(
  url: string,
  query: CapturedQuery,
  connections: number,
  seconds: number,
) {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
      await client.connect();
      return client;
    }),
  );
  const run = async (measuring: number) => {
    const latencies: number[] = [];
    const end = Date.now() + measuring * 1000;
    await Promise.all(
      clients.map(async (client) => {
        while (Date.now() < end) {
          const started = performance.now();
          await client.query({ name: query.name, text: query.text, values: query.values });
          latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies;
  };
  try {
    await run(2);
    return {
      ceiling: 'feed SQL on node-postgres',
      connections,
      ...summary(await run(seconds), seconds),
    };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** The feed SQL on PGlite in this process: one query at a time, as PGlite runs them. */
export async function rawQueryCeilingPglite(
  dataDir: string,
  query: CapturedQuery,
  seconds: number,
) {
  const db = await PGlite.create({ dataDir });
  try {
    const run = async (measuring: number) => {
      const latencies: number[] = [];
      const end = Date.now() + measuring * 1000;
      while (Date.now() < end) {
        const started = performance.now();
        await db.query(query.text, query.values);
        latencies.push(performance.now() - started);
      }
      return latencies;
    };
    await run(2);
    return {
      ceiling: 'feed SQL on PGlite',
      connections: 1,
      ...summary(await run(seconds), seconds),
    };
  } finally {
    await db.close();
  }
}

/** A Fastify server with one route answering a constant, in a process of its own like the portal. */
export async function constantRouteCeiling(port: number, connections: number, seconds: number) {
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/constant-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const url = `http://localhost:${port}/constant`;
    for (let tries = 0; ; tries += 1) {
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        if (tries > 100) throw new Error('the constant server did not start');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await autocannon({ url, connections, duration: 2 });
    const { result, latencyMs } = await loadWithLatencies({ url, connections, duration: seconds });
    return {
      ceiling: 'Fastify route answering a constant',
      connections,
      requestsPerSecond: result.requests.average,
      latencyMs,
    };
  } finally {
    await stopServer(child);
  }
}
