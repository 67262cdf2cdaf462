import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, testPassword, type TestUser } from '../../../test/factories';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';
import { jobQueueSchema } from '../../db/job-queue-schema';
import { auditLog } from '../../db/schema';
import { countPendingAudit, exportPendingAudit } from './audit-export';

/** The municipality's log system, as far as the export sees it. */
class LogSystem {
  status = 200;
  readonly requests: { headers: IncomingMessage['headers']; lines: Record<string, unknown>[] }[] =
    [];
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (this.status === 200) {
          const body = Buffer.concat(chunks).toString('utf8');
          this.requests.push({
            headers: request.headers,
            lines: body
              .trimEnd()
              .split('\n')
              .map((line) => JSON.parse(line) as Record<string, unknown>),
          });
        }
        response.writeHead(this.status).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/ingest`;
  }

  ids() {
    return this.requests.flatMap((request) => request.lines.map((line) => line.id as number));
  }

  close() {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

const token = 'loggsystemets-nyckel-1234';
let t: TestContext;
let people: Record<'admin' | 'teacher' | 'communicator', TestUser>;
const logSystem = new LogSystem();

beforeAll(async () => {
  await logSystem.start();
  t = await createTestApp({
    demo: false,
    env: {
      AUDIT_EXPORT_URL: logSystem.url,
      AUDIT_EXPORT_TOKEN: token,
      // Long enough that the test, not the schedule, decides when to send.
      AUDIT_EXPORT_INTERVAL_SECONDS: '3600',
    },
  });
  // The interval offers its first export as the app starts; on a loaded machine that run
  // came after the test's first entries and sent them before the test could count them.
  // Let it finish (on an empty log); the next comes in an hour.
  await waitFor(
    async () => {
      const runs = await t.database.executeSql(
        `select state from ${jobQueueSchema}.job where name = 'audit.export'
         union all select state from ${jobQueueSchema}.archive where name = 'audit.export'`,
      );
      return runs.rows.some((row) => (row as { state: string }).state === 'completed');
    },
    { what: 'the export offered at start' },
  );
  people = {
    admin: await buildUser(t, { role: 'role_admin' }),
    teacher: await buildUser(t),
    communicator: await buildUser(t, {
      role: 'role_employee',
      capabilities: { publish_all_groups: true },
    }),
  };
});
afterAll(async () => {
  await t.close();
  await logSystem.close();
});

const config = () => ({ url: logSystem.url, token, intervalMs: 3_600_000, timeoutMs: 5_000 });

describe('the audit log delivered to the municipality’s log system', () => {
  it('sends every entry once, oldest first, with the bearer token and no secrets', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      payload: { username: people.teacher.username, password: 'fel-lösenord-123' },
    });
    expect(refused.statusCode).toBe(401);
    const cookie = await signIn(t.app, people.admin);
    const all = await t.db.select({ id: auditLog.id }).from(auditLog);
    expect(await countPendingAudit(t.db)).toBe(all.length);

    expect(await exportPendingAudit(t.db, config())).toBe(all.length);
    expect(logSystem.ids()).toEqual(all.map((row) => row.id).sort((a, b) => a - b));
    expect(logSystem.requests[0]!.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-ndjson; charset=utf-8',
    });
    const lines = logSystem.requests.flatMap((request) => request.lines);
    expect(lines.find((line) => line.action === 'session.login')).toMatchObject({
      source: 'skolportalen',
      actor: { username: people.admin.username },
      entityType: 'token',
      at: expect.stringMatching(/Z$/),
      address: expect.any(String),
    });
    expect(lines.some((line) => line.action === 'session.login-failed')).toBe(true);
    const body = JSON.stringify(lines);
    expect(body).not.toContain('fel-lösenord-123');
    expect(body).not.toContain(testPassword);
    expect(body).not.toContain(decodeURIComponent(cookie.split('=')[1]!));
    expect(await countPendingAudit(t.db)).toBe(0);

    // Nothing new: nothing sent again.
    expect(await exportPendingAudit(t.db, config())).toBe(0);
    expect(logSystem.ids()).toHaveLength(all.length);
  });

  it('keeps what the log system refused and sends it when it is back', async () => {
    const before = logSystem.ids().length;
    logSystem.status = 503;
    await signIn(t.app, people.teacher);
    await expect(exportPendingAudit(t.db, config())).rejects.toThrow('audit export: HTTP 503');
    expect(await countPendingAudit(t.db)).toBeGreaterThan(0);

    // Unreachable altogether: the same.
    await expect(
      exportPendingAudit(t.db, { ...config(), url: 'http://127.0.0.1:9/ingest' }),
    ).rejects.toThrow('audit export: no contact');

    logSystem.status = 200;
    const pending = await countPendingAudit(t.db);
    expect(await exportPendingAudit(t.db, config())).toBe(pending);
    const ids = logSystem.ids();
    expect(ids.length).toBe(before + pending);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('runs as a scheduled job once configured', async () => {
    await signIn(t.app, people.communicator);
    const id = (await t.app.jobs.send('audit.export', {}))!;
    for (let attempt = 0; attempt < 100 && (await countPendingAudit(t.db)) > 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await countPendingAudit(t.db)).toBe(0);
    const job = await t.app.inject({
      url: `/api/intranet-jobs/v1/job/${id}`,
      headers: { cookie: await signIn(t.app, people.admin) },
    });
    expect(job.json()).toMatchObject({ name: 'audit.export' });
  });
});
