import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { jobQueueSchema } from '../src/db/job-queue-schema';
import { ensureBaseData } from '../src/db/seed/base-data';
import { testConfig, waitFor } from './harness';

/**
 * Two portal instances on one PostgreSQL database, as behind a load balancer:
 * a recurring job runs once per slot, not once per instance, and a queued job
 * is taken by one instance only (spec issue 11, scaling out).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const enabled = process.env.TEST_DB === 'postgres' && Boolean(serverUrl);

describe.runIf(enabled)('background jobs on two instances', () => {
  const name = `skolportalen_jobs_${randomBytes(5).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const ticks: { instance: number; at: number; jobId: string }[] = [];
  const work: { instance: number; n: number }[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i += 1) {
      handles.push(await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }));
    }
    // Both migrate at once, as after a deploy; the job queue's schema comes with the migrations.
    await Promise.all(handles.map((handle) => handle.migrate()));
    await ensureBaseData(handles[0]!.db);
    for (const [instance, database] of handles.entries()) {
      const app = await buildApp({
        config: testConfig({ JOBS_SCHEDULE_CHECK_SECONDS: '1', JOBS_POLL_INTERVAL_SECONDS: '0.5' }),
        database,
        logger: false,
      });
      app.jobs.define({
        name: 'test.tick',
        retryLimit: 0,
        backoff: false,
        expireInSeconds: 60,
        handler: async (_data, context) => {
          ticks.push({ instance, at: Date.now(), jobId: context.jobId });
        },
      });
      app.jobs.schedule('test.tick', '* * * * *');
      app.jobs.define<{ n: number }>({
        name: 'test.work',
        retryLimit: 0,
        backoff: false,
        expireInSeconds: 60,
        handler: async ({ n }) => {
          work.push({ instance, n });
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      });
      apps.push(app);
    }
    await Promise.all(apps.map((app) => app.ready()));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });

  it('a scheduled job runs exactly once per slot, though both instances keep checking', async () => {
    await waitFor(() => ticks.length > 0, { what: 'the scheduled job' });
    // Each instance checks the schedule every second; give them several chances to fire twice.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    // A slot is the minute in which the schedule fired, not the minute its run began: a slot
    // fired just before a minute's end runs a moment into the next one. pg-boss records each
    // firing as a job on its internal queue, with the slot as its singleton time.
    const firedSlots = async () => {
      const firings = await handles[0]!.executeSql(
        `select to_char(singleton_on, 'YYYY-MM-DD HH24:MI') as slot
           from ${jobQueueSchema}.job where name = '__pgboss__send-it' and singleton_key = 'test.tick'
         union all
         select to_char(singleton_on, 'YYYY-MM-DD HH24:MI')
           from ${jobQueueSchema}.archive where name = '__pgboss__send-it' and singleton_key = 'test.tick'`,
      );
      return firings.rows.map((row) => (row as { slot: string }).slot);
    };
    // A slot that fired in the last moment may still be on its way to a worker: take a
    // snapshot when every firing has run and no new one came while the runs were counted.
    const { slots, runs } = await waitFor(
      async () => {
        const before = await firedSlots();
        const counted = ticks.slice();
        const after = await firedSlots();
        return after.length === before.length && counted.length >= before.length
          ? { slots: before, runs: counted }
          : undefined;
      },
      { what: 'every fired slot to run' },
    );
    expect(runs.length).toBeGreaterThan(0);
    expect(new Set(slots).size, JSON.stringify(slots)).toBe(slots.length);
    expect(runs.length, JSON.stringify({ runs, slots })).toBe(slots.length);
    expect(new Set(runs.map((tick) => tick.jobId)).size).toBe(runs.length);
  });

  it('each queued job is done once, by one instance or the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    for (let n = 0; n < 20; n += 1) await (n % 2 ? a : b).jobs.send('test.work', { n });
    await waitFor(() => work.length >= 20, { what: 'twenty jobs' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(work.map((item) => item.n).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, n) => n),
    );
  });
});
