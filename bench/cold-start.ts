/**
 * Cold start (issues 11 and 30): the server started on an existing data folder
 * (migrated, with the demo municipality), from the command to `/health`
 * answering, and its resident memory (RSS) once it answers and a second later.
 * Two ways to run it are measured the same way: the TypeScript sources through
 * tsx (`node --import tsx apps/server/src/main.ts`, development) and the
 * compiled server (`node apps/server/dist/main.js`, production, decision 0047).
 * The two take turns; the first start of each (the folder made, migrated and
 * seeded, caches warmed) is not counted.
 *
 * `npm run bench:cold-start` (builds first); BENCH_COLD_RUNS starts per way
 * (default 5). Results in bench/results/cold-start.json and cold-start.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3205);
const runs = Number(process.env.BENCH_COLD_RUNS ?? 5);

const ways = [
  { name: 'tsx (sources)', args: ['--import', 'tsx', 'apps/server/src/main.ts'] },
  { name: 'compiled (apps/server/dist)', args: ['apps/server/dist/main.js'] },
] as const;

interface Start {
  healthMs: number;
  rssMiB: number;
  settledRssMiB: number;
}

function start(args: readonly string[], dataDir: string): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resident memory of a process, from /proc (Linux). */
function rssMiB(pid: number) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}

async function healthAfter(child: ChildProcess, started: number, deadlineMs: number) {
  while (performance.now() - started < deadlineMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const answer = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
    if (answer?.ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the server did not answer /health in time');
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function measure(args: readonly string[], dataDir: string, deadlineMs: number) {
  const started = performance.now();
  const child = start(args, dataDir);
  try {
    const healthMs = await healthAfter(child, started, deadlineMs);
    const rss = rssMiB(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { healthMs, rssMiB: rss, settledRssMiB: rssMiB(child.pid!) } satisfies Start;
  } finally {
    await stop(child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
}

const results = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-cold-start-'));
try {
  const first = await measure(ways[1].args, dataDir, 600_000);
  // The first start of each way is not counted (caches, the folder's first use by it).
  for (const way of ways) await measure(way.args, dataDir, 120_000);
  // The ways take turns, so both meet the same load on a machine busy with other work.
  const starts = ways.map(() => [] as Start[]);
  for (let run = 0; run < runs; run += 1) {
    for (const [index, way] of ways.entries())
      starts[index]!.push(await measure(way.args, dataDir, 120_000));
  }
  for (const [index, way] of ways.entries()) {
    const own = starts[index]!;
    results.push({
      way: way.name,
      command: `node ${way.args.join(' ')}`,
      healthMs: own.map((start) => Math.round(start.healthMs)),
      medianHealthMs: Math.round(median(own.map((start) => start.healthMs))),
      // On a machine busy with other work the fastest start is the one least slowed by it.
      fastestHealthMs: Math.round(Math.min(...own.map((start) => start.healthMs))),
      medianRssMiB: Math.round(median(own.map((start) => start.rssMiB))),
      medianSettledRssMiB: Math.round(median(own.map((start) => start.settledRssMiB))),
    });
  }
  const result = {
    measured: new Date().toISOString(),
    node: process.version,
    cores: cpus().length,
    loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    firstStartMs: Math.round(first.healthMs),
    runs,
    results,
  };
  console.log(JSON.stringify(result, null, 2));
  const resultsDir = path.join(import.meta.dirname, 'results');
  writeFileSync(path.join(resultsDir, 'cold-start.json'), `${JSON.stringify(result, null, 2)}\n`);
  const table = [
    `# Cold start: tsx against the compiled server`,
    '',
    `Measured ${result.measured} with Node ${result.node} on ${result.cores} cores, load average ` +
      `${result.loadAverage} at the end (the starts' own load counts in it). ${runs} starts each on ` +
      'a data folder with the demo municipality, PGlite, the two ways taking turns; the ' +
      'first start of each way not counted.',
    '',
    '| Way | Command | Time to /health, median (ms) | Fastest (ms) | Each start (ms) | RSS at /health, median (MiB) | RSS 1 s later, median (MiB) |',
    '| --- | --- | ---: | ---: | --- | ---: | ---: |',
    ...results.map(
      (row) =>
        `| ${row.way} | \`${row.command}\` | ${row.medianHealthMs} | ${row.fastestHealthMs} | ` +
        `${row.healthMs.join(', ')} | ` +
        `${row.medianRssMiB} | ${row.medianSettledRssMiB} |`,
    ),
    '',
  ].join('\n');
  writeFileSync(path.join(resultsDir, 'cold-start.md'), table);
  console.log(table);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
