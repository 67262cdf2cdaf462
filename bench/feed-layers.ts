/**
 * `npm run bench:feed-layers`: the start page's two feed reads (GetPosts
 * notices and news, bench.larare over 100,000 posts on PostgreSQL) through
 * server builds that differ in one cache layer each (decision 0036). Each
 * variant is a copy of a server source tree (`FEED_LAYERS_VARIANTS`, a JSON
 * list of `{ label, root, env }`; `root` holds `apps/server/src` beside the
 * repository's `node_modules` and `packages`), started on the same database
 * in turn, round after round, so that the neighbours' load falls on every
 * variant alike. Prints the median requests per second and p95 per variant
 * and call, and writes every run to `results/feed-layers.json` (or the file
 * `FEED_LAYERS_OUT` names there).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { signIn, stopServer } from './bench-server';
import { benchUser, seedMunicipality } from './municipality-seed';
import { measureCall, type Backends, type Call } from './posts-bench';

interface Variant {
  label: string;
  root: string;
  env?: Record<string, string>;
}

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL (a PostgreSQL server) is needed');
const variants = JSON.parse(process.env.FEED_LAYERS_VARIANTS ?? '[]') as Variant[];
if (variants.length === 0) throw new Error('FEED_LAYERS_VARIANTS lists no variant');
const rounds = Number(process.env.FEED_LAYERS_ROUNDS ?? 3);
const seconds = Number(process.env.FEED_LAYERS_SECONDS ?? 8);
const port = Number(process.env.FEED_LAYERS_PORT ?? 3231);
const name = 'skolportalen_bench_feed_layers';

const newestFirst = 'publishedDate DESC, id DESC';
const calls: Call[] = [
  {
    label: 'notices',
    method: 'POST',
    path: '/api/core/v1/GetPosts',
    body: {
      type: ['alert', 'info-important', 'info', 'pinned-news'],
      sort: `order ASC, ${newestFirst}`,
      perPage: 50,
    },
  },
  {
    label: 'news',
    method: 'POST',
    path: '/api/core/v1/GetPosts',
    body: { type: ['news'], sort: newestFirst, page: 1, perPage: 10 },
  },
];

function start(root: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT_ACCOUNT_MAX: '100000',
      LOGIN_RATE_LIMIT_ADDRESS_MAX: '100000',
      WRITE_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 180_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://localhost:${port}/ready`)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error(`${root} did not become ready`));
      setTimeout(poll, 250);
    };
    void poll();
  });
}

async function database(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists =
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  if (!exists) {
    // The first start migrates and seeds the demo municipality; the bench one goes on top.
    await stopServer(await start(variants[0]!.root, { DATABASE_URL: url.toString() }));
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await seedMunicipality((sql) => client.query(sql));
    await client.end();
  }
  return url.toString();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const url = await database();
/** The database's server processes serving the portal: their CPU counts per request too. */
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
interface Run {
  round: number;
  variant: string;
  call: string;
  rps: number;
  p95: number;
  /** CPU (server + database) per request: what the neighbours' load does not change. */
  cpuMs: number;
}
const runs: Run[] = [];
for (let round = 1; round <= rounds; round += 1) {
  for (const variant of variants) {
    const server = await start(variant.root, { DATABASE_URL: url, ...variant.env });
    try {
      const cookie = await signIn(port, benchUser);
      for (const call of calls) {
        const measured = await measureCall(port, server.pid!, backends, cookie, call, seconds);
        if (measured.errors || measured.non2xx) throw new Error(`${variant.label}: errors`);
        runs.push({
          round,
          variant: variant.label,
          call: call.label,
          rps: measured.requestsPerSecond,
          p95: measured.latencyMs.p95,
          cpuMs: measured.cpuMsPerRequest.server + measured.cpuMsPerRequest.database,
        });
        console.log(
          measured.cpuMsPerRequest,
          round,
          variant.label,
          call.label,
          measured.requestsPerSecond,
          measured.latencyMs.p95,
        );
      }
    } finally {
      await stopServer(server);
    }
  }
}
const summary = variants.flatMap((variant) =>
  calls.map((call) => {
    const mine = runs.filter((run) => run.variant === variant.label && run.call === call.label);
    return {
      variant: variant.label,
      call: call.label,
      medianRequestsPerSecond: Math.round(median(mine.map((run) => run.rps))),
      medianP95Ms: Math.round(median(mine.map((run) => run.p95)) * 10) / 10,
      medianCpuMsPerRequest: Math.round(median(mine.map((run) => run.cpuMs)) * 100) / 100,
    };
  }),
);
console.table(summary);
writeFileSync(
  path.join(import.meta.dirname, 'results', process.env.FEED_LAYERS_OUT ?? 'feed-layers.json'),
  `${JSON.stringify({ rounds, seconds, runs, summary }, null, 2)}\n`,
);
