import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { runMigrations } from '../src/db/run-migrations';
import { ensureBaseData } from '../src/db/seed/base-data';
import { seedDemoMunicipality } from '../src/db/seed/demo-municipality';
import { injectAsTheBrowser, signInAs, testConfig, waitFor } from './harness';

/**
 * Least privilege on PostgreSQL (ASVS 13.2.2): the roles made by the SQL in
 * docs/deployment/database-roles.sql, the schema migrated by the owner
 * (MIGRATION_DATABASE_URL), the portal running as a role that reads and
 * writes rows and may change nothing else.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const enabled = process.env.TEST_DB === 'postgres' && Boolean(serverUrl);
const rolesSql = readFileSync(
  path.join(import.meta.dirname, '../../../docs/deployment/database-roles.sql'),
  'utf8',
);

describe.runIf(enabled)('a DML-only role for the running portal', () => {
  const suffix = randomBytes(4).toString('hex');
  const names = {
    skolportalen_owner: `skolportalen_owner_${suffix}`,
    skolportalen_app: `skolportalen_app_${suffix}`,
    skolportalen: `skolportalen_roles_${suffix}`,
  };
  const password = randomBytes(12).toString('hex');
  /** The documented SQL with this test's names and password. */
  const [asSuperuser, asOwner] = rolesSql
    .replace(/\b(skolportalen_owner|skolportalen_app|skolportalen)\b/g, (name) =>
      name in names ? names[name as keyof typeof names] : name,
    )
    .replace(/'change-me-[a-z]+'/g, `'${password}'`)
    .split(/^-- Part 2.*$/m);
  const urlFor = (role: string) => {
    // Collected even when skipped (no server configured), so no URL is parsed then.
    if (!enabled) return '';
    const url = new URL(serverUrl!);
    url.username = role;
    url.password = password;
    url.pathname = `/${names.skolportalen}`;
    return url.toString();
  };
  const ownerUrl = urlFor(names.skolportalen_owner);
  const appUrl = urlFor(names.skolportalen_app);
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const done: number[] = [];

  const asApp = async <T>(run: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: appUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    // CREATE DATABASE cannot run inside the implicit transaction of a multi-statement query.
    const statements = asSuperuser!.replace(/--.*$/gm, '').split(';');
    for (const statement of statements.map((text) => text.trim()).filter(Boolean))
      await admin.query(statement);
    await admin.end();
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    await owner.query(asOwner!);
    await owner.end();

    const config = testConfig({ DATABASE_URL: appUrl, MIGRATION_DATABASE_URL: ownerUrl });
    database = await createDatabase(config.database);
    await runMigrations(config, database);
    // As at start-up outside production (SEED_DEMO): base data and the demo municipality written
    // by the running role. The demo is the point here: its seed must work under the DML role.
    await ensureBaseData(database.db);
    await seedDemoMunicipality(database.db);
    app = await buildApp({ config, database, logger: false });
    // A queue new to this database: creating it makes a table, which only the owner may.
    app.jobs.define<{ n: number }>({
      name: 'test.roles',
      retryLimit: 0,
      backoff: false,
      expireInSeconds: 60,
      handler: async ({ n }) => {
        done.push(n);
      },
    });
    // Starting the job queue creates its queues: pg-boss's create_queue runs with the owner's rights.
    injectAsTheBrowser(app);
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${names.skolportalen} with (force)`);
    for (const role of [names.skolportalen_app, names.skolportalen_owner]) {
      await admin.query(`drop owned by ${role} cascade`).catch(() => undefined);
      await admin.query(`drop role if exists ${role}`);
    }
    await admin.end();
  });

  it('owns nothing: every table, including the job queue, belongs to the migration role', async () => {
    const owners = await asApp((client) =>
      client.query<{ owner: string; n: string }>(
        `select tableowner as owner, count(*) as n from pg_tables
         where schemaname in ('public', 'pgboss') group by tableowner`,
      ),
    );
    expect(owners.rows.map((row) => row.owner)).toEqual([names.skolportalen_owner]);
    expect(Number(owners.rows[0]!.n)).toBeGreaterThan(30);
  });

  it('signs in, writes and queues jobs as the DML role', async () => {
    const cookie = await signInAs(app, 'eva.andersson');
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/core/v1/user/interests',
      headers: { cookie },
      payload: { nodeIds: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await app.jobs.send('test.roles', { n: 7 });
    await waitFor(() => done.includes(7), { what: 'the job to run' });
  });

  it('refuses DDL from the DML role', async () => {
    for (const statement of [
      'create table intruder (id int)',
      'create table pgboss.intruder (id int)',
      'alter table users add column intruder text',
      'drop table audit_log',
      'truncate audit_log',
      'create schema intruder',
    ]) {
      await expect(
        asApp((client) => client.query(statement)),
        statement,
      ).rejects.toMatchObject({
        code: expect.stringMatching(/^42501$/),
      });
    }
  });
});
