import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { rowsOf } from '../src/db/raw-rows';
import { issueToken } from '../src/identity/token.repo';
import { buildUser, signIn, type TestUser } from './factories';
import { createTestApp, injectAsTheBrowser, testConfig, type TestContext } from './harness';

/**
 * The inactivity limit (SESSION_IDLE_MINUTES, default 60; decision 0019):
 * a session unused for longer is refused like an expired one, on every
 * instance, while noting its use neither writes on every request nor empties
 * the session cache.
 */
let t: TestContext;
/** A second instance on the same database, with its own session cache. */
let other: FastifyInstance;
const origin = 'http://localhost:3000';
const minute = 60_000;
/** One account per test, so that each test's session is the account's only one. */
let people: Record<'anna' | 'olle' | 'elsa' | 'eva', TestUser>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  people = {
    anna: await buildUser(t),
    olle: await buildUser(t, { role: 'role_student' }),
    elsa: await buildUser(t, { role: 'role_student' }),
    eva: await buildUser(t, { role: 'role_admin' }),
  };
  other = await buildApp({ config: testConfig(), database: t.database, logger: false });
  injectAsTheBrowser(other);
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});
afterEach(() => vi.restoreAllMocks());

const get = (cookie: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: '/api/core/v1/user', headers: { cookie, origin } });

/** Moves the server's clock to `start + minutes`. */
function clockAt(start: number, minutes: number) {
  vi.spyOn(Date, 'now').mockReturnValue(start + minutes * minute);
}

async function generation() {
  const [row] = await rowsOf<{ value: string }>(
    t.db,
    sql`select value from cache_generations where scope = 'session'`,
  );
  return Number(row!.value);
}

async function lastUsedOf({ username }: TestUser) {
  const [row] = await rowsOf<{ at: string | Date }>(
    t.db,
    sql`select max(t.last_used_at) as at from tokens t join users u on u.id = t.user_id
        where u.username = ${username} and t.status = 'active'`,
  );
  return new Date(row!.at).getTime();
}

describe('the inactivity limit', () => {
  it('refuses a session unused for longer than the limit and drops its cookie', async () => {
    const start = Date.now();
    const cookie = await signIn(t.app, people.anna);
    expect((await get(cookie)).statusCode).toBe(200);
    // Within the limit and its one-minute margin: still signed in.
    clockAt(start, 60);
    expect((await get(cookie)).statusCode).toBe(200);
    clockAt(start, 60 + 62);
    const refused = await get(cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('SESSION_INVALID');
    expect(refused.cookies.some((c) => c.value === '')).toBe(true);
  });

  it('keeps a session in use however long it lasts', async () => {
    const start = Date.now();
    const cookie = await signIn(t.app, people.olle);
    for (let step = 1; step <= 6; step += 1) {
      clockAt(start, step * 50);
      expect((await get(cookie)).statusCode).toBe(200);
    }
    expect(await lastUsedOf(people.olle)).toBe(start + 300 * minute);
  });

  it('writes the last use at most once a minute, without raising the session counter', async () => {
    const start = Date.now();
    const cookie = await signIn(t.app, people.elsa);
    const signedIn = await lastUsedOf(people.elsa);
    const before = await generation();
    clockAt(start, 0.5);
    expect((await get(cookie)).statusCode).toBe(200);
    expect(await lastUsedOf(people.elsa)).toBe(signedIn);
    clockAt(start, 1.5);
    expect((await get(cookie)).statusCode).toBe(200);
    expect(await lastUsedOf(people.elsa)).toBe(start + 1.5 * minute);
    clockAt(start, 2);
    expect((await get(cookie)).statusCode).toBe(200);
    expect(await lastUsedOf(people.elsa)).toBe(start + 1.5 * minute);
    expect(await generation()).toBe(before);
    // Any other change to a token still does.
    await t.db.execute(
      sql`update tokens set expires = expires - interval '1 second' where last_used_at = ${new Date(start + 1.5 * minute)}`,
    );
    expect(await generation()).toBe(before + 1);
  });

  it('an instance that has not seen the session lately asks the database before refusing', async () => {
    const start = Date.now();
    const cookie = await signIn(t.app, people.eva);
    expect((await get(cookie)).statusCode).toBe(200);
    expect((await get(cookie, other)).statusCode).toBe(200);
    // Used on the other instance only; this one last saw it 80 minutes ago.
    clockAt(start, 40);
    expect((await get(cookie, other)).statusCode).toBe(200);
    clockAt(start, 80);
    expect((await get(cookie)).statusCode).toBe(200);
    // Now the other instance is the one behind.
    clockAt(start, 130);
    expect((await get(cookie, other)).statusCode).toBe(200);
    // Unused on both since minute 130.
    clockAt(start, 130 + 62);
    expect((await get(cookie)).statusCode).toBe(401);
    expect((await get(cookie, other)).statusCode).toBe(401);
  });

  it('leaves API tokens to their own lifetime', async () => {
    const { secret } = await issueToken(t.db, {
      userId: people.anna.id,
      type: 'api',
      lifetimeMs: 30 * 24 * 60 * minute,
    });
    const bearer = { authorization: `Bearer ${secret}` };
    clockAt(Date.now(), 24 * 60);
    const answer = await t.app.inject({ method: 'GET', url: '/api/core/v1/user', headers: bearer });
    expect(answer.statusCode).toBe(200);
  });
});

describe('with the limit turned off', () => {
  let off: TestContext;
  let teacher: TestUser;
  beforeAll(async () => {
    off = await createTestApp({ demo: false, env: { SESSION_IDLE_MINUTES: '0' } });
    teacher = await buildUser(off);
  });
  afterAll(() => off.close());

  it('only the absolute lifetime ends a session', async () => {
    const cookie = await signIn(off.app, teacher);
    clockAt(Date.now(), 7 * 60);
    const answer = await off.app.inject({
      method: 'GET',
      url: '/api/core/v1/user',
      headers: { cookie, origin },
    });
    expect(answer.statusCode).toBe(200);
  });
});
