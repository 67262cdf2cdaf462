/**
 * Sign-in on its own (issue 31): the morning's first pages are measured with
 * tokens issued beforehand, so how many people can sign in a second is
 * measured here, apart. Distinct people of the bench municipality sign in
 * with their password (argon2id at OWASP's baseline, identity/password.ts)
 * and through a real OpenID Connect provider (oidc-provider from npm, on
 * this machine: the code flow with PKCE, its login and consent screens, the
 * portal's token request and ID token check). Sign-ins a second, p50/p95/p99
 * and CPU per sign-in of the portal, the database and this process (which
 * runs the provider and the browser's side) go to bench/results/sign-in.md
 * and sign-in.json. BENCH_DATABASE_URL names the PostgreSQL server; the
 * municipality is the morning's (bench-database.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startTestOidcProvider } from '../apps/server/test/oidc-test-provider';
import { benchDatabaseUrl, prepareBenchDatabase } from './bench-database';
import { startServer, stopServer } from './bench-server';
import { cpuMs } from './morning';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL names the PostgreSQL server to measure on');
const port = 3205;
const portal = `http://localhost:${port}`;
const people = Number(process.env.BENCH_SIGN_IN_PEOPLE ?? 400);
/** Sign-ins under way at once: people arriving at the same moment. */
const connections = Number(process.env.BENCH_SIGN_IN_CONNECTIONS ?? 8);
const password = 'Demo-2026!';

const url = benchDatabaseUrl(serverUrl);
const name = url.pathname.slice(1);
const provider = await startTestOidcProvider(portal, 'bench');
const env = {
  DATABASE_URL: url.toString(),
  PUBLIC_URL: portal,
  OIDC_PROVIDERS: 'bench',
  OIDC_BENCH_ISSUER: provider.issuer,
  OIDC_BENCH_CLIENT_ID: provider.clientId,
  OIDC_BENCH_CLIENT_SECRET: provider.clientSecret,
  OIDC_BENCH_LABEL: 'Logga in med kommunens konto',
};
await prepareBenchDatabase(serverUrl, port, env);

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const rows = async <Row>(text: string, values: unknown[] = []) =>
  (await client.query(text, values)).rows as Row[];

/** Distinct people of the municipality, spread over it, each signing in once per way. */
const everyone = await rows<{ id: number; username: string }>(
  `select id, username from users where external_id like 'bench-%' order by id`,
);
const step = Math.floor(everyone.length / (people * 2));
const chosen = Array.from({ length: people * 2 }, (_, i) => everyone[i * step]!);
const [byPassword, bySso] = [chosen.slice(0, people), chosen.slice(people)];

function sessionCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => /session=/.test(pair) && !pair.endsWith('='));
}

/** One password sign-in, as the login form sends it. */
async function signInWithPassword(username: string) {
  const response = await fetch(`${portal}/api/core/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: portal },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok || !sessionCookieOf(response))
    throw new Error(`password sign-in of ${username}: ${response.status}`);
}

/** One sign-in through the provider, as a browser follows it: the portal, the provider, back. */
async function signInThroughProvider(username: string) {
  const started = await fetch(`${portal}/api/portal-service/v1/oidc/bench/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal },
    body: 'redirect=%2F',
  });
  const location = started.headers.get('location');
  if (started.status !== 303 || !location)
    throw new Error(`the portal did not send ${username} to the provider: ${started.status}`);
  const back = await provider.signIn(location, username);
  const answered = await fetch(`${portal}${back.pathname}${back.search}`, { redirect: 'manual' });
  if (answered.status !== 303 || !sessionCookieOf(answered))
    throw new Error(`the portal did not sign ${username} in: ${answered.status}`);
}

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 10) / 10;

async function measure(
  way: string,
  list: readonly { username: string }[],
  signIn: (username: string) => Promise<void>,
  serverPid: number,
) {
  // The first few warm the portal (JIT, prepared statements) and are not counted.
  for (const person of list.slice(0, 10)) await signIn(person.username);
  const counted = list.slice(10);
  const backends = (
    await rows<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    )
  ).map((row) => row.pid);
  const before = { server: cpuMs(serverPid), db: backends.map(cpuMs), own: process.cpuUsage() };
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < counted.length) {
        const person = counted[next++]!;
        const at = performance.now();
        await signIn(person.username);
        latencies.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const own = process.cpuUsage(before.own);
  const n = latencies.length;
  const db = backends.reduce((sum, pid, i) => sum + Math.max(0, cpuMs(pid) - before.db[i]!), 0);
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    way,
    people: n,
    connections,
    perSecond: Math.round((n / seconds) * 10) / 10,
    latencyMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
    },
    cpuMsPerSignIn: {
      server: round((cpuMs(serverPid) - before.server) / n),
      database: round(db / n),
      /** This process: the browser's side and, for single sign-on, the provider itself. */
      client: round((own.user + own.system) / 1000 / n),
    },
  };
}

const server = await startServer(port, env);
const signedIn = chosen.map((person) => person.id);
try {
  const runs = [
    await measure(
      'password (argon2id, 19 MiB, 2 passes)',
      byPassword,
      signInWithPassword,
      server.pid!,
    ),
    await measure('OpenID Connect (code flow, PKCE)', bySso, signInThroughProvider, server.pid!),
  ];
  const lines = [
    '| way | people | at once | sign-ins/s | p50 ms | p95 ms | p99 ms | CPU ms/sign-in (server + db) | bench CPU ms/sign-in |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map(
      (r) =>
        `| ${r.way} | ${r.people} | ${r.connections} | ${r.perSecond} | ${r.latencyMs.p50} | ${r.latencyMs.p95} | ${r.latencyMs.p99} | ${r.cpuMsPerSignIn.server} + ${r.cpuMsPerSignIn.database} | ${r.cpuMsPerSignIn.client} |`,
    ),
  ];
  const resultsDir = path.join(import.meta.dirname, 'results');
  writeFileSync(path.join(resultsDir, 'sign-in.json'), `${JSON.stringify(runs, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, 'sign-in.md'), `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
} finally {
  await stopServer(server);
  // The run's sessions go with it: the bench database stays the size of the municipality.
  await rows(
    `delete from tokens where user_id = any($1::int[]) and issued > now() - interval '1 hour'`,
    [signedIn],
  );
  await client.end();
  await provider.close();
}
