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
import {
  captureFeedQuery,
  constantRouteCeiling,
  loadWithLatencies,
  type Latencies,
  rawQueryCeilingPglite,
  rawQueryCeilingPostgres,
} from './ceilings';
import { cookieNames } from '@skolportalen/shared';
import { benchPupil, benchShape, benchUser, seedMunicipality } from './municipality-seed';
import { issueMorningTokens, runMorning, type MorningPerson, type Query } from './morning';

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
export type Backends = () => Promise<number[]>;

/** One call of the portal, as autocannon sends it. */
export interface Call {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/**
 * On a shared machine the request rate says as much about the neighbours as
 * about the code, so the CPU the server and the database spend per request
 * is reported too: it does not depend on how busy the machine is.
 */
export async function measureCall(
  port: number,
  serverPid: number,
  backends: Backends,
  cookie: string,
  call: Call,
  duration: number,
) {
  const url = `http://localhost:${port}${call.path}`;
  const headers = {
    cookie,
    'content-type': 'application/json',
    origin: `http://localhost:${port}`,
  };
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const check = await fetch(url, { method: call.method, headers, body });
  if (!check.ok) throw new Error(`${call.label} answered ${check.status}`);
  const total = check.headers.get('x-pagination-total');
  // Warm up caches and the JIT before measuring.
  await autocannon({ url, method: call.method, headers, body, connections, duration: 3 });
  const pids = await backends();
  const before = { server: cpuMs(serverPid), db: pids.map(cpuMs) };
  const { result, latencyMs } = await loadWithLatencies({
    url,
    method: call.method,
    headers,
    body,
    connections,
    duration,
  });
  const requests = result.requests.total;
  const serverMs = (cpuMs(serverPid) - before.server) / requests;
  const dbMs =
    pids.reduce((sum, pid, i) => sum + Math.max(0, cpuMs(pid) - before.db[i]!), 0) / requests;
  return {
    call: call.label,
    endpoint: `${call.method} ${call.path}${body ? ` ${body}` : ''}`,
    ...(total === null ? {} : { total: Number(total) }),
    connections,
    durationSeconds: duration,
    requestsPerSecond: result.requests.average,
    latencyMs,
    errors: result.errors,
    non2xx: result.non2xx,
    cpuMsPerRequest: {
      server: Math.round(serverMs * 1000) / 1000,
      database: Math.round(dbMs * 1000) / 1000,
    },
    serverRssMb: rssMb(serverPid),
    loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  };
}

/** Resident memory of a process in MB (0 when it is gone). */
function rssMb(pid: number) {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return Math.round((pages * 4096) / 1024 / 1024);
  } catch {
    return 0;
  }
}

export const feedCall: Call = {
  label: 'GetPosts (20, order ASC)',
  method: 'POST',
  path: '/api/core/v1/GetPosts',
  body: { perPage: 20 },
};

/** What the start page asks for at once (apps/web/src/app/start-prefetch.ts and the header), and the page. */
function startPageCalls(userId: number): Call[] {
  const newestFirst = 'publishedDate DESC, id DESC';
  return [
    { label: 'user', method: 'GET', path: '/api/core/v1/user' },
    { label: 'capabilities', method: 'GET', path: `/api/core/v1/user/${userId}/capability` },
    {
      label: 'GetPosts notices',
      method: 'POST',
      path: '/api/core/v1/GetPosts',
      body: {
        type: ['alert', 'info-important', 'info', 'pinned-news'],
        sort: `order ASC, ${newestFirst}`,
        perPage: 50,
      },
    },
    {
      label: 'GetPosts news feed',
      method: 'POST',
      path: '/api/core/v1/GetPosts',
      body: { type: ['news'], sort: newestFirst, page: 1, perPage: 10 },
    },
    {
      label: 'GetLinks tools',
      method: 'POST',
      path: '/api/core/v1/GetLinks',
      body: { type: ['tool', 'google-tool'], sort: 'linkSort ASC, name ASC' },
    },
    {
      label: 'favourites',
      method: 'GET',
      path: `/api/core/v1/favorite?perPage=100&sort=${encodeURIComponent('sort DESC, updated DESC')}`,
    },
    // The page itself, with the first screen's answers inside (decision 0026): nine API
    // answers per request, so it reads against the calls above.
    { label: 'page "/" with its first answers', method: 'GET', path: '/' },
  ];
}

/**
 * The feed when every GetPosts runs its query (KEPT_ANSWERS_MB=0): what a
 * reader's first start page of the day costs, read against the raw query.
 */
async function measureFeedWithoutKeptAnswers(
  port: number,
  env: Record<string, string>,
  backends: Backends,
) {
  const server = await startServer(port, { ...env, KEPT_ANSWERS_MB: '0' });
  try {
    const cookie = await signIn(port, benchUser);
    return await measureCall(port, server.pid!, backends, cookie, feedCall, seconds);
  } finally {
    await stopServer(server);
  }
}

const callSeconds = Number(process.env.BENCH_CALL_SECONDS ?? 10);

/** People opening their first start page of the morning, and how many at once. */
const morningPeople = Number(process.env.BENCH_MORNING_PEOPLE ?? 6000);
const morningConnections = Number(process.env.BENCH_MORNING_CONNECTIONS ?? 10);
const morningWarmUp = 300;
/** The session cookie's name with the default COOKIE_SECURE=true. */
const sessionCookie = cookieNames(true).session;

/** Each person's first start page of the day (morning.ts). */
function measureMorning(
  port: number,
  serverPid: number,
  backends: Backends,
  people: MorningPerson[],
  transactions?: () => Promise<number>,
) {
  return runMorning({
    port,
    serverPid,
    backends,
    people,
    connections: morningConnections,
    warmUp: morningWarmUp,
    ...(transactions ? { transactions } : {}),
  });
}

/** The feed for the teacher, then the start page's calls for the teacher and for a pupil. */
async function measure(port: number, serverPid: number, backends: Backends) {
  const teacher = await signIn(port, benchUser);
  const feed = await measureCall(port, serverPid, backends, teacher, feedCall, seconds);
  if (feed.total === undefined || feed.total < 20) throw new Error('the feed is not seeded');
  const startPage = [];
  for (const username of [benchUser, benchPupil]) {
    const cookie = username === benchUser ? teacher : await signIn(port, username);
    const me = (await (
      await fetch(`http://localhost:${port}/api/core/v1/user`, { headers: { cookie } })
    ).json()) as { id: number };
    for (const call of startPageCalls(me.id)) {
      startPage.push({
        user: username,
        ...(await measureCall(port, serverPid, backends, cookie, call, callSeconds)),
      });
    }
  }
  const other = [];
  for (const call of await otherCalls(port, teacher)) {
    other.push({
      user: benchUser,
      ...(await measureCall(port, serverPid, backends, teacher, call, callSeconds)),
    });
  }
  return { municipality: benchShape, feed, startPage, other };
}

/** A news item opened from the feed, a search, and signing in (argon2 on purpose slow). */
async function otherCalls(port: number, cookie: string): Promise<Call[]> {
  const response = await fetch(`http://localhost:${port}/api/core/v1/GetPosts`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ type: ['news'], perPage: 1 }),
  });
  const [first] = (await response.json()) as { slug: string }[];
  if (!first) throw new Error('the teacher sees no news');
  return [
    { label: 'GET /post/{slug}', method: 'GET', path: `/api/core/v1/post/${first.slug}` },
    { label: 'search "friluftsdag"', method: 'GET', path: '/api/core/v1/search?q=friluftsdag' },
    {
      label: 'login',
      method: 'POST',
      path: '/api/core/v1/user/login',
      body: { username: benchUser, password: 'Demo-2026!' },
    },
  ];
}

export async function benchPostsPglite(port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-bench-posts-'));
  // The first start migrates and seeds the demo municipality.
  await stopServer(await startServer(port, { DATA_DIR: dataDir }));
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  const started = performance.now();
  await seedMunicipality((sql) => db.exec(sql));
  const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  // PGlite has one owner: the tokens go in before the server opens the database.
  const pgliteQuery: Query = async (text, values) => (await db.query(text, values)).rows as never;
  const people = await issueMorningTokens(pgliteQuery, morningPeople, sessionCookie);
  await db.close();
  const inProcess: Backends = async () => [];
  const server = await startServer(port, { DATA_DIR: dataDir });
  let measured;
  let morning;
  try {
    morning = await measureMorning(port, server.pid!, inProcess, people);
    measured = await measure(port, server.pid!, inProcess);
  } finally {
    await stopServer(server);
  }
  const withoutKept = await measureFeedWithoutKeptAnswers(port, { DATA_DIR: dataDir }, inProcess);
  const pgliteDir = path.join(dataDir, 'pglite');
  const query = await captureFeedQuery({ kind: 'pglite', dataDir: pgliteDir }, benchUser);
  const rawQuery = await rawQueryCeilingPglite(pgliteDir, query, seconds);
  const constant = await constantRouteCeiling(port + 50, connections, seconds);
  return {
    database: 'pglite',
    seedSeconds,
    morning,
    ...withCeilings({ ...measured, feedWithoutKeptAnswers: withoutKept }, rawQuery, constant),
  };
}

interface Ceiling {
  ceiling: string;
  requestsPerSecond: number;
  latencyMs: Latencies;
}

/** The feed's rate as a share of what the driver and the framework alone reach. */
function withCeilings<
  T extends {
    feed: { requestsPerSecond: number };
    feedWithoutKeptAnswers: { requestsPerSecond: number };
  },
>(measured: T, rawQuery: Ceiling, constant: Ceiling) {
  const share = (value: number, of: number) => Math.round((value / of) * 1000) / 10;
  return {
    ...measured,
    ceilings: { rawQuery, constant },
    feedPercentOf: {
      rawQuery: share(measured.feed.requestsPerSecond, rawQuery.requestsPerSecond),
      constant: share(measured.feed.requestsPerSecond, constant.requestsPerSecond),
      rawQueryWithoutKeptAnswers: share(
        measured.feedWithoutKeptAnswers.requestsPerSecond,
        rawQuery.requestsPerSecond,
      ),
    },
  };
}

export async function benchPostsPostgres(port: number, serverUrl: string) {
  const name = 'skolportalen_bench_posts';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // BENCH_POSTS_REUSE=1 measures again on the database a previous run seeded.
  const reuse =
    process.env.BENCH_POSTS_REUSE === '1' &&
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!reuse) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString() };
  let seedSeconds = 0;
  if (!reuse) {
    await stopServer(await startServer(port, env));
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const started = performance.now();
    await seedMunicipality((sql) => client.query(sql));
    await client.end();
    seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  }
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
  const server = await startServer(port, env);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  let measured;
  let morning;
  try {
    const query: Query = async (text, values) => (await client.query(text, values)).rows;
    const people = await issueMorningTokens(query, morningPeople, sessionCookie);
    const transactions = async () => {
      const [row] = await query<{ n: string }>(
        'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
        [name],
      );
      return Number(row?.n ?? 0);
    };
    morning = await measureMorning(port, server.pid!, backends, people, transactions);
    measured = await measure(port, server.pid!, backends);
  } finally {
    await client.end();
    await stopServer(server);
  }
  const withoutKept = await measureFeedWithoutKeptAnswers(port, env, backends);
  const query = await captureFeedQuery({ kind: 'postgres', url: url.toString() }, benchUser);
  const rawQuery = await rawQueryCeilingPostgres(url.toString(), query, connections, seconds);
  const constant = await constantRouteCeiling(port + 50, connections, seconds);
  return {
    database: 'postgres',
    seedSeconds,
    morning,
    ...withCeilings({ ...measured, feedWithoutKeptAnswers: withoutKept }, rawQuery, constant),
  };
}
