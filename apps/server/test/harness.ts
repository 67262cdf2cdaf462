import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cookieNames } from '@skolportalen/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { ensureBaseData } from '../src/db/seed/base-data';
import { seedDemoMunicipality } from '../src/db/seed/demo-municipality';
import { demoPassword } from '../src/db/seed/demo-data';
import type { MediaStorage } from '../src/modules/media/storage/media-storage';

/**
 * Integration tests run against PGlite by default and against a real
 * PostgreSQL server when TEST_DB=postgres (TEST_DATABASE_URL names the server;
 * every test file gets a database of its own, dropped afterwards).
 */
const backend = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let pgliteTemplate: Promise<Blob | File> | undefined;

async function freshPglite(): Promise<DatabaseHandle> {
  // Migrating once per file and cloning the result keeps each test's database cheap.
  pgliteTemplate ??= (async () => {
    const template = await createDatabase({ kind: 'pglite' });
    await template.migrate();
    await ensureBaseData(template.db);
    const dump = await template.dump!();
    await template.close();
    return dump;
  })();
  return createDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate });
}

async function freshPostgres(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `skolportalen_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  await handle.migrate();
  await ensureBaseData(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_MAX: '1000',
    LOGIN_RATE_LIMIT_ACCOUNT_MAX: '1000',
    LOGIN_RATE_LIMIT_ADDRESS_MAX: '100000',
    // Suites write hundreds of times a minute as one account; write-rate-limit.int.test.ts proves the default.
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Never the repository's ./data: a test's files stay out of a developer's portal.
    DATA_DIR: path.join(tmpdir(), `skolportalen-test-${process.pid}`),
    // Jobs queued elsewhere than the test's own instance are found within a second; retries come quickly.
    JOBS_POLL_INTERVAL_SECONDS: '1',
    JOBS_RETRY_DELAY_SECONDS: '1',
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  backend: typeof backend;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Add routes before the app is ready (e.g. one that crashes, to test the error handler). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Seed the demo municipality (default true). */
  demo?: boolean;
  /** Media files somewhere else than DATA_DIR/media (e.g. a store that fails on purpose). */
  mediaStorage?: MediaStorage;
  /** The server's clock (scheduled publishing). */
  clock?: () => Date;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database = backend === 'postgres' ? await freshPostgres() : await freshPglite();
  if (options.demo !== false) await seedDemoMunicipality(database.db);
  // Files of one test's database never mix with another's (or a developer's ./data).
  const ownDataDir = options.env?.DATA_DIR
    ? null
    : mkdtempSync(path.join(tmpdir(), 'skolportalen-test-data-'));
  const app = await buildApp({
    config: testConfig({ ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...options.env }),
    database,
    logger: false,
    mediaStorage: options.mediaStorage,
    clock: options.clock,
  });
  injectAsTheBrowser(app);
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    backend,
    close: async () => {
      await app.close();
      await database.close();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Requests injected in tests arrive as the portal's own pages send them: a
 * browser marks a request from the portal's pages `Sec-Fetch-Site:
 * same-origin`, and the server refuses a cookie write without that or an
 * Origin (http/same-origin.ts). A test that names `origin` or
 * `sec-fetch-site` itself gets exactly what it names; naming one as
 * `undefined` leaves it out, to prove the refusal.
 */
export function injectAsTheBrowser(app: FastifyInstance) {
  const inject = app.inject.bind(app) as (options: InjectOptions) => ReturnType<typeof app.inject>;
  const wrapped = (options: InjectOptions | string) => {
    const request = typeof options === 'string' ? { url: options } : options;
    const headers: Record<string, unknown> = { ...request.headers };
    const named = Object.keys(headers).map((name) => name.toLowerCase());
    if (!named.includes('origin') && !named.includes('sec-fetch-site'))
      headers['sec-fetch-site'] = 'same-origin';
    for (const [name, value] of Object.entries(headers))
      if (value === undefined) delete headers[name];
    return inject({ ...request, headers: headers as InjectOptions['headers'] });
  };
  (app as unknown as { inject: typeof wrapped }).inject = wrapped;
}

/** Signs in through the real endpoint and returns the Cookie header for later requests. */
export async function signInAs(app: FastifyInstance, username: string, password = demoPassword) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/core/v1/user/login',
    payload: { username, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in as ${username} failed: ${response.statusCode} ${response.body}`);
  }
  return cookieHeaderFrom(response.cookies);
}

export function cookieHeaderFrom(list: { name: string; value: string }[], previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  for (const cookie of list) {
    if (cookie.value === '') jar.delete(cookie.name);
    else jar.set(cookie.name, encodeURIComponent(cookie.value));
  }
  return [...jar.entries()].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The cookie names under testConfig's COOKIE_SECURE=false: no `__Host-` prefix. */
export const testCookieNames = cookieNames(false);

/** Polls until `check` returns something other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 20_000, intervalMs = 100, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
