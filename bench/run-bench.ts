/**
 * `npm run bench`: the bundle-size report and a short load run against a
 * freshly seeded server (PGlite; PostgreSQL too when BENCH_DATABASE_URL is
 * set). Reports only; it never fails on a number. Results: bench/results/*.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { measureBundle } from './bundle-size';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(import.meta.dirname, 'results');
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);

function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://localhost:${port}/ready`)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error('server did not become ready'));
      setTimeout(poll, 250);
    };
    void poll();
  });
}

async function signIn(port: number) {
  const response = await fetch(`http://localhost:${port}/api/core/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'anna.larsson', password: 'Demo-2026!' }),
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

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
    const cookie = await signIn(port);
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
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
}

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
