/**
 * Cold start (issue 11): `npm start` on an existing data folder, from the
 * command to a served start page — `/` answering the web app and `/ready`
 * answering 200. The first run makes the folder (migrations, demo data) and
 * the web build; the runs after it are the measured ones.
 * `npm run bench:cold-start -w bench`; results in bench/results/cold-start.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = 3205;
const runs = Number(process.env.BENCH_COLD_RUNS ?? 5);

function start(dataDir: string): ChildProcess {
  return spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so npm and the server under it stop together.
    detached: true,
  });
}

async function servedAfter(started: number, deadlineMs: number) {
  while (performance.now() - started < deadlineMs) {
    try {
      const [page, ready] = await Promise.all([
        fetch(`http://localhost:${port}/`),
        fetch(`http://localhost:${port}/ready`),
      ]);
      const html = await page.text();
      if (page.ok && ready.ok && html.includes('<div id="root"'))
        return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the portal did not serve its start page in time');
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  // The port is free once the server under npm has gone.
  for (let tries = 0; tries < 100; tries += 1) {
    try {
      await fetch(`http://localhost:${port}/ready`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } catch {
      return;
    }
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-cold-start-'));
try {
  let started = performance.now();
  let child = start(dataDir);
  const firstMs = await servedAfter(started, 600_000);
  await stop(child);
  const measured: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    started = performance.now();
    child = start(dataDir);
    measured.push(await servedAfter(started, 60_000));
    await stop(child);
  }
  const sorted = [...measured].sort((a, b) => a - b);
  const result = {
    measured: new Date().toISOString(),
    loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    firstStartMs: Math.round(firstMs),
    coldStartMs: sorted.map(Math.round),
    medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!),
  };
  console.log(result);
  writeFileSync(
    path.join(import.meta.dirname, 'results', 'cold-start.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
