import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, testCookieNames as cookies } from '../harness';
import { listRoutes } from '../route-list';
import { errorBodyProblem } from './error-body';
import { collectKnownValues } from './known-values';
import {
  operationsOf,
  requestArbitrary,
  undocumentedOperation,
  type FuzzRequest,
  type Method,
  type Operation,
} from './requests';
import { databaseFingerprint, installWriteJournal, type JournalEntry } from './write-journal';
import { rowsOf } from '../../src/db/raw-rows';

/**
 * Property-based fuzzing of every route the server has. Routes, parameters
 * and body schemas come from /api/openapi.json (routes the document leaves
 * out come from the router), so a new route is fuzzed the day it appears.
 * Each case is sent by one actor (anonymous, a super administrator with every
 * right, or an ordinary user) by cookie, bearer token or from another site:
 *
 * - the server never answers 5xx;
 * - every refusal is a 4xx with the documented body `{ code, message, errors? }`
 *   whose messages come from the Swedish text catalogue;
 * - a refused request and every GET leave the database as it was (a trigger
 *   journal sees every row written; a checksum of every table confirms it now
 *   and then);
 * - a cookie-authenticated write from another site is refused.
 *
 * The routes are fuzzed in shards (api-fuzz-N-of-3.int.test.ts), each a test
 * file of its own, so that the suite's workers share them.
 *
 * FUZZ_RUNS cases are spread over the routes: by default 10 000 on PGlite
 * and 3 000 more when the suite runs again on PostgreSQL, where each request
 * costs more; FUZZ_SEED replays a run. `npm run fuzz` runs many more.
 */
const totalRuns = Number(
  process.env.FUZZ_RUNS ?? (process.env.TEST_DB === 'postgres' ? 3_000 : 10_000),
);
const seed = Number(process.env.FUZZ_SEED ?? 20_260_412);
const minimumPerRoute = 20;

const usernames = {
  superadmin: 'sven.svensson',
  teacher: 'johan.berg',
  student: 'elsa.nilsson',
  caretaker: 'karin.nilsson',
} as const;
type Actor = 'anonymous' | keyof typeof usernames;
const actors: Actor[] = ['anonymous', ...(Object.keys(usernames) as (keyof typeof usernames)[])];
type Via = 'cookie' | 'bearer' | 'cross-site cookie';

/** SAML responses are posted by the identity provider's page, from another site, by design. */
/**
 * Writes a cookie gives nothing to: SAML responses are posted by the identity
 * provider's page, from another site, by design; page views are counted
 * without looking at the session.
 */
const cookieBlind = new Set([
  'POST /api/portal-service/v1/saml/acs',
  'POST /api/portal-service/v1/analytics/pageview',
]);

/** Fuzzes every `shard.count`-th route, starting at the `shard.index`-th (1-based). */
export async function fuzzRoutes(shard: { index: number; count: number }) {
  /** Server-side errors by request id, so a 500 in the report says what broke. */
  const serverErrors = new Map<string, string>();
  const t = await createTestApp({
    // Scheduled publishing would change posts on its own clock, between a case's
    // request and its journal check.
    env: { POST_SCHEDULER_INTERVAL_MS: '0' },
    beforeReady: (app) => {
      app.addHook('onError', async (request, _reply, error) => {
        serverErrors.set(
          request.id,
          String(error.stack ?? error)
            .split('\n')
            .slice(0, 4)
            .join(' | '),
        );
      });
    },
  });
  const journal = await installWriteJournal(t.db);
  const known = await collectKnownValues(t.db);
  afterAll(() => t.close());

  const sessions = {} as Record<keyof typeof usernames, { cookie: string; secret: string }>;
  async function signIn(actor: keyof typeof usernames) {
    const cookie = await signInAs(t.app, usernames[actor]);
    const raw = decodeURIComponent(new RegExp(`${cookies.session}=([^;]+)`).exec(cookie)![1]!);
    const parsed = JSON.parse(raw) as { tokens: string[]; active: number };
    sessions[actor] = { cookie, secret: parsed.tokens[parsed.active]! };
  }
  for (const actor of Object.keys(usernames) as (keyof typeof usernames)[]) await signIn(actor);
  await journal.since();

  /**
   * A case may have revoked an actor's tokens (logout, token removal) or
   * disabled an actor's account: enable the accounts and sign them in again.
   */
  async function restoreSessions() {
    await t.db.execute(
      sql`update users set disabled_at = null, disabled_reason = null where disabled_at is not null`,
    );
    for (const actor of Object.keys(usernames) as (keyof typeof usernames)[]) {
      const me = await t.app.inject({
        url: '/api/core/v1/user',
        headers: { cookie: sessions[actor].cookie },
      });
      if (me.statusCode !== 200) await signIn(actor);
    }
    await journal.since();
  }

  const document = JSON.parse(JSON.stringify(t.app.swagger()));
  const documented = operationsOf(document);
  const documentedKeys = new Set(documented.map((op) => `${op.method} ${op.route}`));
  const undocumented = listRoutes(t.app)
    .filter(
      (route) =>
        (route.url.startsWith('/api/') || route.url.startsWith('/media/')) &&
        !route.url.startsWith('/api/docs'),
    )
    .filter((route) => !documentedKeys.has(`${route.method} ${route.url}`))
    .map((route) => undocumentedOperation(route.method as Method, route.url));
  const allOperations: Operation[] = [...documented, ...undocumented];
  const runsPerRoute = Math.max(minimumPerRoute, Math.ceil(totalRuns / allOperations.length));
  // Every shard takes every count-th route; a route keeps its seed whichever shard runs it.
  const operations = allOperations
    .map((operation, index) => ({ operation, index }))
    .filter(({ index }) => index % shard.count === shard.index - 1);

  const stats = {
    cases: 0,
    byStatus: new Map<number, number>(),
    started: Date.now(),
    fingerprints: 0,
    slowest: [] as [string, number][],
  };

  /**
   * Some writes start work in the background (an import run, a notification's
   * fan-out): wait until no job is due or running and the journal stays quiet,
   * so their rows are not taken for the next case's. A job queued by the write
   * may start some time after it on a busy machine: the queue is asked too.
   */
  async function settle() {
    const deadline = Date.now() + 15_000;
    let quiet = 0;
    while (quiet < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const busy = (await journal.since()).length > 0 || (await jobsDueOrRunning()) > 0;
      quiet = busy ? 0 : quiet + 1;
    }
  }

  async function jobsDueOrRunning() {
    const [row] = await rowsOf<{ jobs: number }>(
      t.db,
      sql`select count(*)::int as jobs from pgboss.job
          where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
    );
    return Number(row?.jobs ?? 0);
  }

  function unexpectedWrites(
    method: string,
    status: number,
    writes: JournalEntry[],
  ): JournalEntry[] {
    const notAudit = (entry: JournalEntry) =>
      !(auditTables.has(entry.table) && entry.op === 'INSERT');
    // A GET changes nothing — but opening a protected person's record is audited on purpose (decision 0039).
    if (method === 'GET') return writes.filter(notAudit);
    // Refused sign-ins and masked attempts are audited on purpose; the audit log (and its export outbox) only grows.
    if (status >= 400) return writes.filter(notAudit);
    return [];
  }

  function describeResponse(response: LightMyRequestResponse) {
    return `${response.statusCode} ${response.body.slice(0, 300)}`;
  }

  const auditTables = new Set(['audit_log', 'audit_export_pending']);

  // The audit log only grows (refusals are audited on purpose) and is left out of the checksums.
  const checkedTables = journal.tables.filter((table) => !auditTables.has(table));
  const fingerprintNow = () => databaseFingerprint(t.db, checkedTables);

  async function runCase(
    operation: Operation,
    actor: Actor,
    via: Via,
    request: FuzzRequest,
    fingerprint: boolean,
  ) {
    const headers = { ...request.headers };
    if (actor !== 'anonymous') {
      const session = sessions[actor];
      if (via === 'bearer') headers.authorization ??= `Bearer ${session.secret}`;
      else
        headers.cookie = headers.cookie ? `${headers.cookie}; ${session.cookie}` : session.cookie;
      if (via === 'cross-site cookie') {
        headers.origin = 'https://angripare.example';
        headers['sec-fetch-site'] = 'cross-site';
      }
    }
    const before = fingerprint ? await fingerprintNow() : null;
    const response = await t.app.inject({
      method: request.method,
      url: request.url,
      headers,
      payload: request.payload,
    });
    const writes = await journal.since();
    stats.cases += 1;
    stats.byStatus.set(response.statusCode, (stats.byStatus.get(response.statusCode) ?? 0) + 1);
    const context = `${actor} via ${via}, ${request.kind}: ${request.method} ${request.url.slice(0, 200)} → ${describeResponse(response)}`;

    const crash = serverErrors.get(String(response.headers['x-request-id']));
    expect(response.statusCode, `5xx for ${context} (${crash})`).toBeLessThan(500);
    if (response.statusCode >= 400) {
      expect(String(response.headers['content-type']), `content type of ${context}`).toContain(
        'application/json',
      );
      expect(errorBodyProblem(response.json()), `error body of ${context}`).toBeNull();
    }
    const key = `${operation.method} ${operation.route}`;
    if (
      via === 'cross-site cookie' &&
      actor !== 'anonymous' &&
      request.method !== 'GET' &&
      !cookieBlind.has(key)
    ) {
      expect(response.statusCode, `cross-site write accepted: ${context}`).toBeGreaterThanOrEqual(
        400,
      );
    }
    const unexpected = unexpectedWrites(request.method, response.statusCode, writes);
    expect(unexpected, `database changed (${JSON.stringify(unexpected)}) by ${context}`).toEqual(
      [],
    );
    if (before && response.statusCode >= 400) {
      stats.fingerprints += 1;
      expect(await fingerprintNow(), `checksum after ${context}`).toEqual(before);
    }
    if (writes.some((entry) => entry.table === 'tokens' && entry.op !== 'INSERT'))
      await restoreSessions();
    if (request.method !== 'GET' && response.statusCode < 400) await settle();
  }

  describe(`fuzzing ${operations.length} of ${allOperations.length} routes (shard ${shard.index} of ${shard.count}) × ${actors.length} actors, ${runsPerRoute} cases each`, () => {
    it('reads the routes from the OpenAPI document and the router', () => {
      expect(documented.length).toBeGreaterThan(50);
      expect(allOperations.some((op) => op.route.startsWith('/media/'))).toBe(true);
    });

    it.each(
      operations.map(
        ({ operation, index }) =>
          [`${operation.method} ${operation.route}`, operation, index] as const,
      ),
    )(
      '%s',
      async (_name, operation, index) => {
        let caseNumber = 0;
        const property = fc.asyncProperty(
          // The super administrator gets past most doors, so reaches the most code.
          fc.constantFrom(...actors, 'superadmin', 'superadmin'),
          fc.constantFrom<Via>('cookie', 'cookie', 'bearer', 'cross-site cookie'),
          requestArbitrary(operation, known),
          async (actor, via, request) => {
            caseNumber += 1;
            const fingerprint =
              operation.method !== 'GET' && (caseNumber === 1 || caseNumber % 40 === 0);
            await runCase(operation, actor, via, request, fingerprint);
          },
        );
        const started = Date.now();
        await fc.assert(property, {
          numRuns: runsPerRoute,
          seed: seed + index,
          endOnFailure: true,
        });
        stats.slowest.push([`${operation.method} ${operation.route}`, Date.now() - started]);
      },
      120_000,
    );

    it(`ran ${runsPerRoute} cases for each of its ${operations.length} routes`, () => {
      const seconds = ((Date.now() - stats.started) / 1000).toFixed(1);
      const statuses = Object.fromEntries([...stats.byStatus].sort((a, b) => a[0] - b[0]));
      const slowest = stats.slowest.sort((a, b) => b[1] - a[1]).slice(0, 8);
      // The figures of the run, for the log of whoever runs it.
      process.stdout.write(
        `fuzz shard ${shard.index}/${shard.count}: ${stats.cases} cases, ${operations.length} routes × ${actors.length} actors, ` +
          `${seconds} s, seed ${seed}, ${stats.fingerprints} checksum comparisons\n` +
          `fuzz statuses: ${JSON.stringify(statuses)}\n` +
          `fuzz slowest routes (ms): ${slowest.map(([name, ms]) => `${name} ${ms}`).join('; ')}\n`,
      );
      expect(stats.cases).toBeGreaterThanOrEqual(runsPerRoute * operations.length);
    });
  });
}
