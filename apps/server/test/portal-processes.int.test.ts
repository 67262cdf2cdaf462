import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * PORTAL_PROCESSES=2 (decision 0056): the server as `npm start` runs it, on a
 * new PostgreSQL database and Redis. Runs with the PostgreSQL pass of the
 * suite when Redis is there.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = process.env.TEST_DB === 'postgres' && Boolean(serverUrl) && Boolean(redisUrl);

const metricsToken = 'processes-metrics-token-0123456789';

/** A port nothing listens on now. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The processes a process started, by pid. */
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);

async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await Promise.resolve(check()).catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`waited 30 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(enabled)('several portal processes on one port (PORTAL_PROCESSES)', () => {
  const name = `skolportalen_processes_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-processes-'));
  let server: ChildProcess;
  let output = '';
  let port: number;
  let metricsPort: number;
  const url = (address: string) => `http://127.0.0.1:${port}${address}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const database = new URL(serverUrl!);
    database.pathname = `/${name}`;
    port = await freePort();
    metricsPort = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORTAL_PROCESSES: '2',
        DATABASE_URL: database.toString(),
        REDIS_URL: redisUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        METRICS_TOKEN: metricsToken,
        METRICS_PORT: String(metricsPort),
        SEED_DEMO: 'false',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Both say where they listen: the second may answer before its line is written.
    await waitFor('the processes to answer', async () =>
      (await fetch(url('/ready'))).ok &&
      childrenOf(server.pid!).length === 2 &&
      (output.match(/Skolportalen is listening/g)?.length ?? 0) >= 2
        ? true
        : undefined,
    );
  }, 60_000);

  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates the new database once, then starts two processes that both answer', () => {
    expect(childrenOf(server.pid!)).toHaveLength(2);
    // Each process says where it listens; the migrations were run before they started.
    expect(output.match(/Skolportalen is listening/g)).toHaveLength(2);
    expect(output).toContain('portal processes started');
  });

  it('serves /metrics on METRICS_PORT with every process’s counts added up', async () => {
    const before = await healthAnswers();
    for (let i = 0; i < 12; i += 1) expect((await fetch(url('/health'))).status).toBe(200);
    expect(await healthAnswers()).toBe(before + 12);
    const refused = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(refused.status).toBe(401);
  });

  it('starts another process when one ends unexpectedly', async () => {
    const [first, second] = childrenOf(server.pid!) as [number, number];
    process.kill(first, 'SIGKILL');
    const now = await waitFor('a new process', () => {
      const children = childrenOf(server.pid!);
      return children.length === 2 && !children.includes(first) ? children : undefined;
    });
    expect(now).toContain(second);
    await waitFor('the new process to answer', async () =>
      (await fetch(url('/ready'))).ok ? true : undefined,
    );
    expect(output).toContain('a portal process ended: starting another');
  });

  it('on SIGTERM stops every process, then ends itself with 0', async () => {
    const children = childrenOf(server.pid!);
    const ended = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await ended).toBe(0);
    for (const child of children) expect(() => process.kill(child, 0)).toThrow();
  });

  /** The requests to /health the processes have answered, as /metrics adds them up. */
  async function healthAnswers() {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(response.status).toBe(200);
    const line = (await response.text())
      .split('\n')
      .find(
        (text) =>
          text.startsWith('skolportalen_http_requests_total{') && text.includes('route="/health"'),
      );
    return line ? Number(line.split(' ').at(-1)) : 0;
  }
});
