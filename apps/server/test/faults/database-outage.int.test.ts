import { ids } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/raw-rows';
import { buildNode, buildUser, signIn, type TestUser } from '../factories';
import { createTestApp, type TestContext } from '../harness';
import {
  acknowledgedNone,
  missingWrites,
  prepareTargets,
  writerFor,
  type Send,
} from './mixed-writes';
import { waitUntil } from './server-process';

/**
 * PostgreSQL goes away under load — course bookings, likes, comments and
 * favourites: the server's connections are killed (pg_terminate_backend)
 * again and again, then the database refuses connections for a while. The
 * server answers 503 meanwhile (never a 500), /ready says it is unready, it
 * recovers by itself within 10 s, and every write that was answered 2xx is
 * in the database afterwards.
 *
 * Needs a PostgreSQL server: runs in the suite's PostgreSQL pass
 * (TEST_DATABASE_URL set); on PGlite there are no connections to kill.
 */
const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const title = onPostgres
  ? 'a PostgreSQL outage under load'
  : 'a PostgreSQL outage under load — skipped: runs only in the PostgreSQL pass (set TEST_DATABASE_URL)';

let t: TestContext;
let admin: pg.Client;
let database: string;
let administrator: TestUser;
/** Staff, who may book courses: two teachers and an employee of the administration. */
let writers: TestUser[];
/** Errors behind any answer, for the report when one is not the 503 it should be. */
const crashes: string[] = [];
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({
    demo: false,
    beforeReady: (app) => {
      app.addHook('onError', async (_request, _reply, error) => {
        crashes.push(
          String(error.stack ?? error)
            .split('\n')
            .slice(0, 6)
            .join(' | '),
        );
      });
    },
  });
  const [row] = await rowsOf<{ name: string }>(t.db, sql`select current_database() as name`);
  database = row!.name;
  administrator = await buildUser(t, { role: 'role_admin' });
  const office = await buildNode(t, {
    name: 'Utbildningsförvaltningen',
    type: 'Förvaltning',
    parent: ids.municipalityNodeId,
  });
  writers = [
    await buildUser(t),
    await buildUser(t, { role: 'role_employee', groups: [office] }),
    await buildUser(t),
  ];
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  if (!onPostgres) return;
  await admin.query(`alter database ${database} allow_connections true`).catch(() => undefined);
  await admin.end();
  await t.close();
});

const killConnections = () =>
  admin.query(
    'select count(pg_terminate_backend(pid))::int as killed from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );

describe.skipIf(!onPostgres)(title, () => {
  it('answers 503 while it lasts, recovers within 10 s and keeps every acknowledged write', async () => {
    // Three writers (staff, who may book courses) on a pool of four connections: the readiness check still gets one.
    const send: Send = async (method, url, cookie, payload) => {
      const response = await t.app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: response.statusCode, body: response.json() };
    };
    const targets = await prepareTargets(send, await signIn(t.app, administrator), 40);
    const acknowledged = acknowledgedNone();
    const nextWrites = await Promise.all(
      writers.map(async (writer) =>
        writerFor(send, await signIn(t.app, writer), writer.username, targets, acknowledged),
      ),
    );
    const acknowledgedCount = () =>
      acknowledged.favorites.length +
      acknowledged.bookings.length +
      acknowledged.comments.length +
      acknowledged.likes.length;
    const statuses = new Map<number, number>();
    const unexpected: string[] = [];
    let stopped = false;
    let sent = 0;
    const write = async (next: () => ReturnType<Send>) => {
      while (!stopped) {
        sent += 1;
        const answer = await next();
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (
          answer.status >= 300 &&
          (answer.body as { code?: string }).code !== 'SERVICE_UNAVAILABLE'
        )
          unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      }
    };
    const running = nextWrites.map((next) => write(next));
    let killed = 0;
    let recoveryMs = 0;
    try {
      // Phase 1: connections killed every 200 ms for 3 s.
      killed = 0;
      for (let round = 0; round < 15; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        killed += (await killConnections()).rows[0].killed;
      }

      // Phase 2: the database refuses connections for 2 s.
      await admin.query(`alter database ${database} allow_connections false`);
      await killConnections();
      await waitUntil(
        async () => (await t.app.inject({ url: '/ready' })).statusCode === 503,
        5_000,
      );
      const unready = await t.app.inject({ url: '/ready' });
      expect(unready.json()).toEqual({ status: 'unavailable', database: 'postgres' });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await admin.query(`alter database ${database} allow_connections true`);
      const backAt = Date.now();
      await waitUntil(
        async () => (await t.app.inject({ url: '/ready' })).statusCode === 200,
        10_000,
      );
      recoveryMs = Date.now() - backAt;
      // Writes flow again.
      const before = acknowledgedCount();
      await waitUntil(async () => acknowledgedCount() >= before + 8, 10_000);
    } finally {
      stopped = true;
      await Promise.all(running);
    }

    expect(
      unexpected,
      crashes
        .filter((c) => !c.includes('SERVICE'))
        .slice(0, 3)
        .join('\n'),
    ).toEqual([]);
    // Every connection the requests took was given back: none leaked by a failed BEGIN.
    await waitUntil(async () => {
      const pool = t.database.poolStats!();
      return pool.total === pool.idle && pool.waiting === 0;
    }, 5_000).catch(() => {
      throw new Error(
        `connections held after the load: ${JSON.stringify(t.database.poolStats!())}`,
      );
    });
    expect(killed).toBeGreaterThan(0);
    expect(statuses.get(503) ?? 0, 'some writes met the outage').toBeGreaterThan(0);
    expect([...statuses.keys()].sort()).toEqual([200, 201, 503]);
    // Every kind of write was acknowledged at least once, and each acknowledged one is there.
    expect(acknowledged.bookings.length).toBeGreaterThan(0);
    expect(acknowledged.likes.length).toBeGreaterThan(0);
    expect(acknowledged.comments.length).toBeGreaterThan(0);
    expect(await missingWrites(t.db, acknowledged)).toEqual([]);
    process.stdout.write(
      `database outage: ${sent} writes sent, ${acknowledgedCount()} acknowledged and all found ` +
        `(${acknowledged.bookings.length} bookings, ${acknowledged.likes.length} likes, ` +
        `${acknowledged.comments.length} comments, ${acknowledged.favorites.length} favourites); ` +
        `${statuses.get(503) ?? 0} answered 503; ${killed} connections killed; ` +
        `ready again ${recoveryMs} ms after the database came back\n`,
    );
  }, 120_000);
});
