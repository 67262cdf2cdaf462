/**
 * Latency against data size (issue 11, decision 0020): the feed for the bench
 * teacher with every request running its query (KEPT_ANSWERS_MB=0), over the
 * same municipality with 10,000 and with 1,000,000 posts on PostgreSQL, and
 * the plan of the feed's SQL at each size (EXPLAIN ANALYZE, BUFFERS).
 * `npm run bench:flat -w bench` with BENCH_DATABASE_URL set; results in
 * bench/results/flat-latency.json. BENCH_FLAT_REUSE=1 measures again on the
 * databases a previous run seeded.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { signIn, startServer, stopServer } from './bench-server';
import { captureFeedQuery } from './ceilings';
import { benchUser, seedMunicipality } from './municipality-seed';
import { feedCall, measureCall, type Backends, type Call } from './posts-bench';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL is needed: the run seeds a million posts');
const sizes = (process.env.BENCH_FLAT_SIZES ?? '10000,1000000').split(',').map(Number);
const seconds = Number(process.env.BENCH_POSTS_SECONDS ?? 30);
const port = 3204;

const newsCall: Call = {
  label: 'GetPosts news feed',
  method: 'POST',
  path: '/api/core/v1/GetPosts',
  body: { type: ['news'], sort: 'publishedDate DESC, id DESC', page: 1, perPage: 10 },
};

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function prepare(size: number) {
  const name = `skolportalen_bench_flat_${size}`;
  const reuse =
    process.env.BENCH_FLAT_REUSE === '1' &&
    (await withClient(serverUrl!, async (admin) => {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      return found.rowCount === 1;
    }));
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  let seedSeconds = 0;
  if (!reuse) {
    await withClient(serverUrl!, async (admin) => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    });
    // The first start migrates and seeds the demo municipality.
    await stopServer(await startServer(port, { DATABASE_URL: url.toString() }));
    const started = performance.now();
    await withClient(url.toString(), (client) =>
      seedMunicipality((sql) => client.query(sql), size),
    );
    seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  }
  return { name, url: url.toString(), seedSeconds };
}

async function measureSize(size: number) {
  const { name, url, seedSeconds } = await prepare(size);
  const backends: Backends = () =>
    withClient(serverUrl!, async (client) => {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [name],
      );
      return rows.map((row) => row.pid);
    });
  const server = await startServer(port, { DATABASE_URL: url, KEPT_ANSWERS_MB: '0' });
  const calls = [];
  try {
    const cookie = await signIn(port, benchUser);
    for (const call of [feedCall, newsCall])
      calls.push(await measureCall(port, server.pid!, backends, cookie, call, seconds));
  } finally {
    await stopServer(server);
  }
  const query = await captureFeedQuery({ kind: 'postgres', url }, benchUser);
  // The fastest of five, so a neighbour's moment on the CPU is not read as the plan's cost.
  const plan = await withClient(url, async (client) => {
    let fastest: { ms: number; lines: string[] } | undefined;
    for (let run = 0; run < 5; run += 1) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${query.text}`,
        query.values,
      );
      const lines = rows.map((row) => row['QUERY PLAN']);
      const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? Infinity);
      if (!fastest || ms < fastest.ms) fastest = { ms, lines };
    }
    return fastest!.lines;
  });
  const counts = await withClient(url, async (client) => {
    const { rows } = await client.query<{ posts: string; feed: string }>(
      'select (select count(*) from posts) as posts, (select count(*) from post_feed) as feed',
    );
    return { posts: Number(rows[0]!.posts), feedRows: Number(rows[0]!.feed) };
  });
  return { size, ...counts, seedSeconds, calls, feedSql: query.text, plan };
}

const runs = [];
for (const size of sizes) {
  runs.push(await measureSize(size));
  const run = runs.at(-1)!;
  console.log(
    `${run.posts} posts: ${run.calls.map((call) => `${call.call} p50 ${call.latencyMs.p50} ms, ${call.requestsPerSecond} req/s`).join('; ')}`,
  );
}
const [small, large] = [runs[0]!, runs.at(-1)!];
const ratios = small.calls.map((call, i) => ({
  call: call.call,
  p50Ratio:
    Math.round((large.calls[i]!.latencyMs.p50 / Math.max(call.latencyMs.p50, 1)) * 100) / 100,
}));
console.log(ratios);
writeFileSync(
  path.join(import.meta.dirname, 'results', 'flat-latency.json'),
  `${JSON.stringify({ measured: new Date().toISOString(), ratios, runs }, null, 2)}\n`,
);
