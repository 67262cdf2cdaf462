/**
 * `npm run bench:morning -w bench`: only the school morning (morning.ts), on
 * the PostgreSQL database `npm run bench` seeds (BENCH_DATABASE_URL; seeded
 * here when missing), and on PGlite when BENCH_MORNING_PGLITE=1. Results:
 * bench/results/morning.json and morning.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cookieNames } from '@skolportalen/shared';
import pg from 'pg';
import { startServer, stopServer } from './bench-server';
import { benchDatabaseUrl, prepareBenchDatabase } from './bench-database';
import { seedMunicipality } from './municipality-seed';
import {
  issueMorningTokens,
  morningTable,
  removeMorningTokens,
  runMorning,
  type MorningPerson,
  type Query,
} from './morning';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL names the PostgreSQL server to measure on');
const port = 3204;
const people = Number(process.env.BENCH_MORNING_PEOPLE ?? 6000);
const connections = Number(process.env.BENCH_MORNING_CONNECTIONS ?? 10);

/**
 * BENCH_REDIS_URL: the portal with Redis as its shared cache and rate-limit store, as the
 * scaled-out set-up runs (docs/operations/kubernetes.md).
 */
const redisUrl = process.env.BENCH_REDIS_URL;
/** BENCH_PORTAL_PROCESSES: the portal as that many processes on the port (they need Redis). */
const processes = Number(process.env.BENCH_PORTAL_PROCESSES ?? 1);
const url = benchDatabaseUrl(serverUrl);
const name = url.pathname.slice(1);
const env = {
  DATABASE_URL: url.toString(),
  ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  ...(processes > 1 ? { PORTAL_PROCESSES: String(processes) } : {}),
};
await prepareBenchDatabase(serverUrl, port, env);

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const query: Query = async (text, values) => (await client.query(text, values)).rows;
const server = await startServer(port, env);
let morningPeople: MorningPerson[] = [];
try {
  morningPeople = await issueMorningTokens(query, people, cookieNames(true).session);
  const backends = async () =>
    (
      await query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      )
    ).map((row) => row.pid);
  const transactions = async () => {
    const [row] = await query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
      [name],
    );
    return Number(row?.n ?? 0);
  };
  const result = await runMorning({
    port,
    serverPid: server.pid!,
    backends,
    transactions,
    people: morningPeople,
    connections,
    // Each process warms up on its own (JIT, prepared statements).
    warmUp: 300 * processes,
  });
  const setUp = [
    'postgres',
    ...(redisUrl ? ['Redis'] : []),
    ...(processes > 1 ? [`${processes} processes`] : []),
  ];
  const runs = [{ database: setUp.join(', '), morning: result }];
  await stopServer(server);
  if (process.env.BENCH_MORNING_PGLITE === '1') {
    runs.push({ database: 'pglite', morning: await morningOnPglite() });
  }
  const resultsDir = path.join(import.meta.dirname, 'results');
  writeFileSync(path.join(resultsDir, 'morning.json'), `${JSON.stringify(runs, null, 2)}\n`);
  const table = morningTable(runs);
  writeFileSync(path.join(resultsDir, 'morning.md'), `${table}\n`);
  console.log(table);
} finally {
  if (server.exitCode === null && server.signalCode === null) await stopServer(server);
  await removeMorningTokens(query, morningPeople);
  await client.end();
}

/**
 * The same morning on embedded PGlite: the municipality written into a new
 * data folder, the tokens issued before the server opens it (PGlite has one
 * owner), then the server measured alone (the database runs inside it).
 */
async function morningOnPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-bench-morning-'));
  try {
    // The first start migrates and seeds the demo municipality.
    await stopServer(await startServer(port, { DATA_DIR: dataDir }));
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    await seedMunicipality((sql) => db.exec(sql));
    const pgliteQuery: Query = async (text, values) => (await db.query(text, values)).rows as never;
    const morningPeople = await issueMorningTokens(pgliteQuery, people, cookieNames(true).session);
    await db.close();
    const pgliteServer = await startServer(port, { DATA_DIR: dataDir });
    try {
      return await runMorning({
        port,
        serverPid: pgliteServer.pid!,
        backends: async () => [],
        people: morningPeople,
        connections,
        warmUp: 300,
      });
    } finally {
      await stopServer(pgliteServer);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
