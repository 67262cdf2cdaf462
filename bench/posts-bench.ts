/**
 * The feed under load: POST /api/core/v1/GetPosts (20 per page) for a teacher
 * in five of 200 groups, over 100,000 posts, with autocannon — on PGlite and,
 * when BENCH_DATABASE_URL is set, on a fresh PostgreSQL database beside it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { signIn, startServer, stopServer } from './bench-server';
import { benchPostCount, benchUser, seedBenchPosts } from './posts-seed';

const seconds = Number(process.env.BENCH_POSTS_SECONDS ?? 30);
const connections = Number(process.env.BENCH_POSTS_CONNECTIONS ?? 10);

/** CPU time (user + system, ms) a process has used so far; 0 when it is gone. */
function cpuMs(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The database server processes serving the portal (PostgreSQL only). */
type Backends = () => Promise<number[]>;

/**
 * On a shared machine the request rate says as much about the neighbours as
 * about the code, so the CPU the server and the database spend per request
 * is reported too: it does not depend on how busy the machine is.
 */
async function measure(port: number, serverPid: number, backends: Backends) {
  const cookie = await signIn(port, benchUser);
  const url = `http://localhost:${port}/api/core/v1/GetPosts`;
  const headers = {
    cookie,
    'content-type': 'application/json',
    origin: `http://localhost:${port}`,
  };
  const body = JSON.stringify({ perPage: 20 });
  const check = await fetch(url, { method: 'POST', headers, body });
  const sample = (await check.json()) as unknown[];
  if (!check.ok || sample.length !== 20) throw new Error(`GetPosts answered ${check.status}`);
  const total = Number(check.headers.get('x-pagination-total'));
  // Warm up caches and the JIT before measuring.
  await autocannon({ url, method: 'POST', headers, body, connections, duration: 3 });
  const pids = await backends();
  const before = { server: cpuMs(serverPid), db: pids.map(cpuMs) };
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    body,
    connections,
    duration: seconds,
  });
  const requests = result.requests.total;
  const serverMs = (cpuMs(serverPid) - before.server) / requests;
  const dbMs =
    pids.reduce((sum, pid, i) => sum + Math.max(0, cpuMs(pid) - before.db[i]!), 0) / requests;
  return {
    endpoint: 'POST /api/core/v1/GetPosts {perPage: 20}',
    posts: benchPostCount,
    groups: 200,
    visibleToUser: total,
    connections,
    durationSeconds: seconds,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99 },
    errors: result.errors,
    non2xx: result.non2xx,
    cpuMsPerRequest: {
      server: Math.round(serverMs * 1000) / 1000,
      database: Math.round(dbMs * 1000) / 1000,
    },
    loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  };
}

export async function benchPostsPglite(port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-bench-posts-'));
  // The first start migrates and seeds the demo municipality.
  await stopServer(await startServer(port, { DATA_DIR: dataDir }));
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  const started = performance.now();
  await seedBenchPosts((sql) => db.exec(sql));
  await db.close();
  const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  const server = await startServer(port, { DATA_DIR: dataDir });
  try {
    const inProcess: Backends = async () => [];
    return { database: 'pglite', seedSeconds, ...(await measure(port, server.pid!, inProcess)) };
  } finally {
    await stopServer(server);
  }
}

export async function benchPostsPostgres(port: number, serverUrl: string) {
  const name = 'skolportalen_bench_posts';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString() };
  await stopServer(await startServer(port, env));
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const started = performance.now();
  await seedBenchPosts((sql) => client.query(sql));
  await client.end();
  const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  const server = await startServer(port, env);
  try {
    const backends: Backends = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [name],
      );
      await client.end();
      return rows.map((row) => row.pid);
    };
    return { database: 'postgres', seedSeconds, ...(await measure(port, server.pid!, backends)) };
  } finally {
    await stopServer(server);
  }
}
