import { randomUUID } from 'node:crypto';
import type { JobDetailResponse, JobResponse } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueueSchema } from '../../db/job-queue-schema';
import { buildUser, signIn } from '../../../test/factories';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';

/**
 * The job queue on this suite's database (PGlite, or PostgreSQL in its pass),
 * seen through GET /api/intranet-jobs/v1/job.
 */
let t: TestContext;
let admin: string;
let teacher: string;
const calls = { flaky: 0, broken: 0, ticks: [] as number[] };
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    env: { JOBS_SCHEDULE_CHECK_SECONDS: '1' },
    beforeReady: (app) => {
      app.jobs.define<{ note: string }>({
        name: 'test.flaky',
        retryLimit: 2,
        backoff: false,
        expireInSeconds: 60,
        handler: async () => {
          calls.flaky += 1;
          if (calls.flaky === 1) throw new Error('SMTP-servern svarade inte');
        },
      });
      app.jobs.define({
        name: 'test.broken',
        retryLimit: 1,
        backoff: true,
        expireInSeconds: 60,
        handler: async (_data, context) => {
          calls.broken += 1;
          throw new Error(`försök ${context.attempt} misslyckades`);
        },
      });
      app.jobs.define({
        name: 'test.failed-query',
        retryLimit: 0,
        backoff: false,
        expireInSeconds: 60,
        handler: async () => {
          await t.db.execute(sql`select ${'hemlig.person@exempelby.se'}::int`);
        },
      });
      app.jobs.define({
        name: 'test.slow',
        retryLimit: 0,
        backoff: false,
        expireInSeconds: 60,
        handler: async (_data, context) => {
          await context.progress(40, 'halvvägs');
          await released;
        },
      });
      app.jobs.define({
        name: 'test.tick',
        retryLimit: 0,
        backoff: false,
        expireInSeconds: 60,
        handler: async () => {
          calls.ticks.push(Date.now());
        },
      });
      app.jobs.schedule('test.tick', '* * * * *');
    },
  });
  admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
  teacher = await signIn(t.app, await buildUser(t, { role: 'role_teacher' }));
});
afterAll(async () => {
  release();
  await t.close();
});

const getJob = async (id: string) => {
  const response = await t.app.inject({
    url: `/api/intranet-jobs/v1/job/${id}`,
    headers: { cookie: admin },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as JobDetailResponse;
};

describe('GET /api/intranet-jobs/v1/job', () => {
  it('climbs the ladder: 401, 400, 403, 200 with the total', async () => {
    expect((await t.app.inject({ url: '/api/intranet-jobs/v1/job' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      url: '/api/intranet-jobs/v1/job?state[]=sovande',
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toContain('state');
    const badSort = await t.app.inject({
      url: '/api/intranet-jobs/v1/job?sort=data%20DESC',
      headers: { cookie: admin },
    });
    expect(badSort.statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/intranet-jobs/v1/job', headers: { cookie: teacher } }))
        .statusCode,
    ).toBe(403);
    const ok = await t.app.inject({ url: '/api/intranet-jobs/v1/job', headers: { cookie: admin } });
    expect(ok.statusCode).toBe(200);
    expect(Number(ok.headers['x-pagination-total'])).toBe(ok.json().length);
  });

  it('a job that fails is retried, and the error of the failed run stays visible', async () => {
    const id = (await t.app.jobs.send('test.flaky', { note: 'ett' }))!;
    const done = await waitFor(
      async () => {
        const job = await getJob(id);
        return job.state === 'completed' ? job : undefined;
      },
      { what: 'the flaky job to complete' },
    );
    expect(calls.flaky).toBe(2);
    expect(done.attempts).toBe(2);
    expect(done.data).toEqual({ note: 'ett' });
    expect(done.attemptHistory.map((attempt) => attempt.error)).toEqual([
      'SMTP-servern svarade inte',
      null,
    ]);
    expect(done.attemptHistory.every((attempt) => attempt.finishedAt !== null)).toBe(true);
    expect(done.error).toBeNull();
    expect(done.completedAt).not.toBeNull();
  });

  it('a job that keeps failing ends failed, with its last error in the list and in /job/{id}', async () => {
    const id = (await t.app.jobs.send('test.broken', {}))!;
    const failed = await waitFor(
      async () => {
        const job = await getJob(id);
        return job.state === 'failed' ? job : undefined;
      },
      { what: 'the broken job to fail' },
    );
    expect(failed.attempts).toBe(2);
    expect(failed.retryLimit).toBe(1);
    expect(failed.error).toBe('försök 2 misslyckades');
    expect(failed.attemptHistory.map((attempt) => attempt.error)).toEqual([
      'försök 1 misslyckades',
      'försök 2 misslyckades',
    ]);

    const list = await t.app.inject({
      url: '/api/intranet-jobs/v1/job?state[]=failed&name[]=test.broken',
      headers: { cookie: admin },
    });
    expect(list.statusCode).toBe(200);
    const jobs = list.json() as JobResponse[];
    expect(jobs.map((job) => job.id)).toEqual([id]);
    expect(jobs[0]!.error).toBe('försök 2 misslyckades');
    expect(list.headers['x-pagination-total']).toBe('1');
  });

  it('keeps the error of a failed query without the values it carried (decision 0039)', async () => {
    const id = (await t.app.jobs.send('test.failed-query', {}))!;
    const failed = await waitFor(
      async () => {
        const job = await getJob(id);
        return job.state === 'failed' ? job : undefined;
      },
      { what: 'the job with the failed query to fail' },
    );
    expect(failed.error).toBe('Failed query: select $1::int');
    expect(JSON.stringify(failed)).not.toContain('hemlig');
  });

  it('shows a running job with its progress and phase', async () => {
    const id = (await t.app.jobs.send('test.slow', {}))!;
    const running = await waitFor(
      async () => {
        const job = await getJob(id);
        return job.state === 'active' && job.progress === 40 ? job : undefined;
      },
      { what: 'the slow job to report progress' },
    );
    expect(running.phase).toBe('halvvägs');
    expect(running.startedAt).not.toBeNull();
    const active = await t.app.inject({
      url: '/api/intranet-jobs/v1/job?state[]=active&name[]=test.slow',
      headers: { cookie: admin },
    });
    expect((active.json() as JobResponse[]).map((job) => job.id)).toEqual([id]);
    release();
    await waitFor(async () => ((await getJob(id)).state === 'completed' ? true : undefined), {
      what: 'the slow job to finish',
    });
  });

  it('filters by name and pages with the total of every match', async () => {
    for (let i = 0; i < 3; i += 1) await t.app.jobs.send('test.flaky', { note: `sida ${i}` });
    const page = await t.app.inject({
      url: '/api/intranet-jobs/v1/job?name[]=test.flaky&perPage=2&page=1&sort=createdAt%20ASC',
      headers: { cookie: admin },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    expect(page.headers['x-pagination-total']).toBe('4');
    expect((page.json() as JobResponse[]).every((job) => job.name === 'test.flaky')).toBe(true);
    const none = await t.app.inject({
      url: `/api/intranet-jobs/v1/job?name[]=test.flaky&from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`,
      headers: { cookie: admin },
    });
    expect(none.json()).toEqual([]);
    expect(none.headers['x-pagination-total']).toBe('0');
  });

  it('a job queued in a transaction that rolls back never exists', async () => {
    const ids: (string | null)[] = [];
    await t.db
      .transaction(async (tx) => {
        ids.push(await t.app.jobs.send('test.flaky', { note: 'ångrad' }, { tx }));
        await tx.execute(sql`select 1`);
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    const response = await t.app.inject({
      url: `/api/intranet-jobs/v1/job/${ids[0]}`,
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 for an unknown job and 400 for an id that is no job id', async () => {
    const unknown = await t.app.inject({
      url: `/api/intranet-jobs/v1/job/${randomUUID()}`,
      headers: { cookie: admin },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      url: '/api/intranet-jobs/v1/job/1%27%20or%201=1',
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('runs a recurring schedule once per minute', async () => {
    await waitFor(() => calls.ticks.length > 0, { what: 'the scheduled job' });
    // The schedule is checked every second; it must not fire again within its minute.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // A slot is the minute the schedule fired in, not the minute its run began: a slot fired
    // just before a minute's end may run in the next minute, beside that minute's own run.
    // pg-boss records each firing with its slot as the singleton time.
    const firings = await t.database.executeSql(
      `select to_char(singleton_on, 'YYYY-MM-DD HH24:MI') as slot
         from ${jobQueueSchema}.job where name = '__pgboss__send-it' and singleton_key = 'test.tick'
       union all
       select to_char(singleton_on, 'YYYY-MM-DD HH24:MI')
         from ${jobQueueSchema}.archive where name = '__pgboss__send-it' and singleton_key = 'test.tick'`,
    );
    const slots = firings.rows.map((row) => (row as { slot: string }).slot);
    expect(new Set(slots).size, JSON.stringify(slots)).toBe(slots.length);
    expect(calls.ticks.length).toBeLessThanOrEqual(slots.length);
  });
});
