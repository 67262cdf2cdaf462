/**
 * `npm run bench`: the bundle-size report, then the municipality
 * (municipality-seed.ts) under load — the start page's calls for a teacher
 * and a pupil, a news item, search and sign-in — with the ceilings, on PGlite
 * and, when BENCH_DATABASE_URL is set, on PostgreSQL. Reports only; it never
 * fails on a number. Results: bench/results/<date>.json and <date>.md.
 * `npm run bench:posts -w bench` skips the bundle report.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { measureWebApp } from './bundle-size';
import { morningTable } from './morning';
import { benchPostsPglite, benchPostsPostgres } from './posts-bench';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(import.meta.dirname, 'results');

if (process.env.BENCH_ONLY !== 'posts') {
  const bundle = await measureWebApp(root);
  writeFileSync(path.join(resultsDir, 'bundle-size.json'), `${JSON.stringify(bundle, null, 2)}\n`);
  console.log(`initial route JS: ${(bundle.initialJsGzipBytes / 1024).toFixed(1)} kB gzip`);
}

// The municipality under load, with the ceilings (issues 3 and 11).
const onlyPostgres = process.env.BENCH_ONLY_POSTGRES === '1' && process.env.BENCH_DATABASE_URL;
const postRuns = onlyPostgres ? [] : [await benchPostsPglite(3202)];
if (process.env.BENCH_DATABASE_URL)
  postRuns.push(await benchPostsPostgres(3203, process.env.BENCH_DATABASE_URL));
const json = `${JSON.stringify(postRuns, null, 2)}\n`;
writeFileSync(path.join(resultsDir, 'posts-load.json'), json);
writeFileSync(path.join(resultsDir, `${new Date().toISOString().slice(0, 10)}.json`), json);

const table = [
  '| database | user | call | req/s | p50 ms | p95 ms | p99 ms | errors + non-2xx | server RSS MB | CPU ms/req (server + db) |',
  '|---|---|---|---:|---:|---:|---:|---:|---:|---:|',
];
for (const run of postRuns) {
  const rows = [
    { user: 'bench.larare', ...run.feed },
    { user: 'bench.larare', ...run.feedWithoutKeptAnswers, call: 'GetPosts, no kept answers' },
    ...run.startPage,
    ...run.other,
  ];
  for (const row of rows) {
    table.push(
      `| ${run.database} | ${row.user} | ${row.call} | ${row.requestsPerSecond} | ${row.latencyMs.p50} | ${row.latencyMs.p95} | ${row.latencyMs.p99} | ${row.errors + row.non2xx} | ${row.serverRssMb} | ${row.cpuMsPerRequest.server} + ${row.cpuMsPerRequest.database} |`,
    );
  }
  const { rawQuery, constant } = run.ceilings;
  table.push(
    `| ${run.database} | — | ceiling: ${rawQuery.ceiling} | ${rawQuery.requestsPerSecond} | ${rawQuery.latencyMs.p50} | — | ${rawQuery.latencyMs.p99} | — | — | GetPosts = ${run.feedPercentOf.rawQuery} %, without kept answers ${run.feedPercentOf.rawQueryWithoutKeptAnswers} % |`,
    `| ${run.database} | — | ceiling: ${constant.ceiling} | ${constant.requestsPerSecond} | ${constant.latencyMs.p50} | — | ${constant.latencyMs.p99} | — | — | GetPosts = ${run.feedPercentOf.constant} % |`,
  );
}
// First visits (the morning) beside the return visits above.
const morning = morningTable(postRuns);
const report = `## The school morning: first start pages of distinct people\n\n${morning}\n\n## Each call under load\n\n${table.join('\n')}\n`;
console.log(report);
writeFileSync(path.join(resultsDir, `${new Date().toISOString().slice(0, 10)}.md`), report);
