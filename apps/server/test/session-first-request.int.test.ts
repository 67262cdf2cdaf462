import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as CookieSessionRepo from '../src/identity/cookie-session.repo';
import type * as SessionCache from '../src/identity/session-cache';
import { buildUser, signIn, type TestUser } from './factories';
import { createTestApp, waitFor, type TestContext } from './harness';

/**
 * A session's first request on an instance reads the session counter with
 * the session itself, in one statement (identity/cookie-session.repo.ts).
 * Here a change is committed right after that statement has read, before
 * the request goes on: what the request kept must be stale at once, and a
 * request that comes after the change must not take the older reading.
 */
const reads = vi.hoisted(() => ({
  count: 0,
  /** Runs once, after the next reading and before its request goes on. */
  afterNext: undefined as undefined | (() => Promise<void>),
}));
vi.mock('../src/identity/cookie-session.repo', async (original) => {
  const repo = await original<typeof CookieSessionRepo>();
  const readCookieSession: typeof repo.readCookieSession = async (...args) => {
    const reading = await repo.readCookieSession(...args);
    reads.count += 1;
    const after = reads.afterNext;
    reads.afterNext = undefined;
    await after?.();
    return reading;
  };
  return { ...repo, readCookieSession };
});
/** Reads of the session counter alone (or with a route's counters), as `authenticate` asks for them. */
const counterReads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/identity/session-cache', async (original) => {
  const cache = await original<typeof SessionCache>();
  const createSessionCache: typeof cache.createSessionCache = (...args) => {
    const sessions = cache.createSessionCache(...args);
    return {
      ...sessions,
      generation: (...stampOf) => {
        counterReads.count += 1;
        return sessions.generation(...stampOf);
      },
    };
  };
  return { ...cache, createSessionCache };
});

let t: TestContext;
const origin = 'http://localhost:3000';
let people: Record<'disabled' | 'renamed' | 'joining', TestUser>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  people = {
    disabled: await buildUser(t, { firstName: 'Greta', lastName: 'Lund' }),
    renamed: await buildUser(t, { firstName: 'Bo', lastName: 'Ek' }),
    joining: await buildUser(t, { firstName: 'Siv', lastName: 'Holm' }),
  };
});
afterAll(() => t.close());
afterEach(() => {
  reads.afterNext = undefined;
});

const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/core/v1/user', headers: { cookie, origin } });
const disable = (user: TestUser) =>
  t.db.execute(sql`update users set disabled_at = now() where id = ${user.id}`);

describe('a change committed just after a first request has read its session', () => {
  it('leaves the session it kept stale: the next request is refused for a disabled account', async () => {
    const cookie = await signIn(t.app, people.disabled);
    reads.afterNext = () => disable(people.disabled).then(() => undefined);
    const before = reads.count;
    // Read before the change: answered as it was.
    expect((await me(cookie)).statusCode).toBe(200);
    expect(reads.count).toBe(before + 1);
    const next = await me(cookie);
    expect(next.statusCode).toBe(401);
    expect(String(next.headers['set-cookie'])).toContain('Max-Age=0');
  });

  it('leaves the session it kept stale: the next request has the new name', async () => {
    const cookie = await signIn(t.app, people.renamed);
    reads.afterNext = () =>
      t.db
        .execute(sql`update users set first_name = 'Bosse' where id = ${people.renamed.id}`)
        .then(() => undefined);
    expect((await me(cookie)).json().name).toBe('Bo Ek');
    expect((await me(cookie)).json().name).toBe('Bosse Ek');
  });

  it('a request of the same session that comes after the change does not take the reading under way', async () => {
    const cookie = await signIn(t.app, people.joining);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let changed!: () => void;
    const change = new Promise<void>((resolve) => (changed = resolve));
    reads.afterNext = async () => {
      changed();
      await held;
    };
    const before = reads.count;
    const first = me(cookie);
    // The first request has read; the account is disabled; then the second request comes.
    await change;
    await disable(people.joining);
    const counted = counterReads.count;
    const second = me(cookie);
    // It finds the reading under way and asks the counter (one that took the reading as it is would not).
    await waitFor(() => counterReads.count > counted, { timeoutMs: 2_000 }).catch(() => undefined);
    release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(401);
    // The older reading did not count for it: it read the session again.
    expect(reads.count).toBe(before + 2);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
