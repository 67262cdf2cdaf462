import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cookieNames } from '@skolportalen/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { demoPassword } from '../src/db/seed/demo-data';
import type { MediaStorage } from '../src/media-storage/media-storage';
import {
  databaseUrl,
  requiredServerUrl,
  withAdmin,
  type DatabaseTemplates,
} from './database-templates';

/**
 * Integration tests run against PGlite by default and against a real
 * PostgreSQL server when TEST_DB=postgres (TEST_DATABASE_URL names the server;
 * every test file gets a database of its own, dropped afterwards).
 */
const backend = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * The run's template databases (test/database-templates.ts, the project's
 * global setup): every test gets a copy, with or without the demo municipality.
 */
function templates(): DatabaseTemplates {
  const made = inject('databaseTemplates');
  if (!made || made.kind !== backend) {
    throw new Error(
      'The integration suite runs through its vitest project (--project "server-integration*")',
    );
  }
  return made;
}

async function freshPglite(which: 'base' | 'demo'): Promise<DatabaseHandle> {
  const template = templates();
  return createDatabase({ kind: 'pglite', loadDataDir: await openAsBlob(template[which]) });
}

async function freshPostgres(which: 'base' | 'demo'): Promise<DatabaseHandle> {
  const serverUrl = requiredServerUrl();
  const template = templates();
  const name = `skolportalen_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) =>
    admin.query(`create database ${name} template ${template[which]}`),
  );
  const handle = await createDatabase({
    kind: 'postgres',
    url: databaseUrl(serverUrl, name),
    poolSize: 4,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin(serverUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
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
  const which = options.demo === false ? 'base' : 'demo';
  const database = backend === 'postgres' ? await freshPostgres(which) : await freshPglite(which);
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
