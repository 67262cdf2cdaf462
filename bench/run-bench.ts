/**
 * `npm run bench`: the bundle-size report, a short load run against a freshly
 * seeded server, and the feed over 100,000 posts (PGlite; PostgreSQL too when
 * BENCH_DATABASE_URL is set). Reports only; it never fails on a number.
 * Results: bench/results/*.json. `npm run bench:posts -w bench` runs only the feed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signIn, startServer, stopServer } from './bench-server';
import { measureBundle } from './bundle-size';
import { benchPostsPglite, benchPostsPostgres } from './posts-bench';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(import.meta.dirname, 'results');
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);

async function load(url: string, cookie: string) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: durationSeconds,
    headers: { cookie },
  });
  return {
    url: new URL(url).pathname + new URL(url).search,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99 },
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function loadRun(name: string, port: number, env: Record<string, string>) {
  const server = await startServer(port, env);
  try {
    const cookie = await signIn(port, 'anna.larsson');
    const base = `http://localhost:${port}`;
    const endpoints = [
      `${base}/api/core/v1/user`,
      `${base}/api/core/v1/node?categoryId=1&perPage=9999&sort=name%20ASC`,
      `${base}/api/portal-service/v1/user/related`,
    ];
    const results = [];
    for (const url of endpoints) results.push(await load(url, cookie));
    return { database: name, durationSeconds, connections: 10, results };
  } finally {
    await stopServer(server);
  }
}

const postsOnly = process.env.BENCH_ONLY === 'posts';
if (!postsOnly) {
  const bundle = measureBundle(path.join(root, 'apps/web/dist'));
  writeFileSync(path.join(resultsDir, 'bundle-size.json'), `${JSON.stringify(bundle, null, 2)}\n`);
  console.log(`initial route JS: ${(bundle.initialJsGzipBytes / 1024).toFixed(1)} kB gzip`);

  const runs = [
    await loadRun('pglite', 3200, {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'skolportalen-bench-')),
    }),
  ];
  if (process.env.BENCH_DATABASE_URL)
    runs.push(await loadRun('postgres', 3201, { DATABASE_URL: process.env.BENCH_DATABASE_URL }));
  writeFileSync(path.join(resultsDir, 'load.json'), `${JSON.stringify(runs, null, 2)}\n`);
  for (const run of runs) {
    for (const result of run.results) {
      console.log(
        `${run.database} ${result.url}: ${result.requestsPerSecond} req/s, p99 ${result.latencyMs.p99} ms`,
      );
    }
  }
}

// The feed over 100,000 posts and the start page's calls, with the ceilings (issues 3 and 11).
const onlyPostgres = process.env.BENCH_ONLY_POSTGRES === '1' && process.env.BENCH_DATABASE_URL;
const postRuns = onlyPostgres ? [] : [await benchPostsPglite(3202)];
if (process.env.BENCH_DATABASE_URL)
  postRuns.push(await benchPostsPostgres(3203, process.env.BENCH_DATABASE_URL));
const json = `${JSON.stringify(postRuns, null, 2)}\n`;
writeFileSync(path.join(resultsDir, 'posts-load.json'), json);
writeFileSync(path.join(resultsDir, `${new Date().toISOString().slice(0, 10)}.json`), json);

const table = ['| database | user | call | req/s | p50 ms | p99 ms | CPU ms/req (server + db) |'];
table.push('|---|---|---|---:|---:|---:|---:|');
for (const run of postRuns) {
  const rows = [
    { user: 'bench.larare', ...run.feed },
    { user: 'bench.larare', ...run.feedWithoutKeptAnswers, call: 'GetPosts, no kept answers' },
    ...run.startPage,
  ];
  for (const row of rows) {
    table.push(
      `| ${run.database} | ${row.user} | ${row.call} | ${row.requestsPerSecond} | ${row.latencyMs.p50} | ${row.latencyMs.p99} | ${row.cpuMsPerRequest.server} + ${row.cpuMsPerRequest.database} |`,
    );
  }
  const { rawQuery, constant } = run.ceilings;
  table.push(
    `| ${run.database} | — | ceiling: ${rawQuery.ceiling} | ${rawQuery.requestsPerSecond} | ${rawQuery.latencyMs.p50} | ${rawQuery.latencyMs.p99} | GetPosts = ${run.feedPercentOf.rawQuery} %, without kept answers ${run.feedPercentOf.rawQueryWithoutKeptAnswers} % |`,
    `| ${run.database} | — | ceiling: ${constant.ceiling} | ${constant.requestsPerSecond} | ${constant.latencyMs.p50} | ${constant.latencyMs.p99} | GetPosts = ${run.feedPercentOf.constant} % |`,
  );
}
console.log(table.join('\n'));
