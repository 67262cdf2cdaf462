import { sv } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildUser, type TestUser } from './factories';
import { createTestApp, type TestContext } from './harness';
import { clientFor } from './tools-helpers';

/**
 * One limit on every signed-in write (ASVS 2.4.1), with its real default:
 * the harness raises it for the other suites, this file puts it back.
 */
const defaultPerMinute = loadConfig({}).writeRateLimitPerMinute;
const interests = '/api/core/v1/user/interests';

let t: TestContext;
/** The teacher who spends her allowance; an administrator and a superadministrator who do not. */
let people: Record<'anna' | 'eva' | 'sven', TestUser>;
beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    env: { WRITE_RATE_LIMIT_PER_MINUTE: String(defaultPerMinute) },
  });
  people = {
    anna: await buildUser(t, { role: 'role_teacher' }),
    eva: await buildUser(t, { role: 'role_admin' }),
    sven: await buildUser(t, { role: 'role_superadmin' }),
  };
});
afterAll(() => t.close());

describe('write limit per account', () => {
  it('is 120 writes a minute unless configured', () => {
    expect(defaultPerMinute).toBe(120);
    expect(loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: '0' }).writeRateLimitPerMinute).toBe(0);
    expect(() => loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(
      /WRITE_RATE_LIMIT_PER_MINUTE/,
    );
  });

  it('lets a burst of the whole allowance through, then answers 429 with Retry-After', async () => {
    const anna = await clientFor(t, people.anna);
    // Refused writes count too: scripted guessing at ids is as much automation as saving.
    const burst = await Promise.all(
      Array.from({ length: defaultPerMinute }, (_, i) =>
        anna('PUT', interests, i % 2 === 0 ? { nodeIds: [] } : { nodeIds: 'fel' }),
      ),
    );
    expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(0);
    expect(new Set(burst.map((response) => response.statusCode))).toEqual(new Set([200, 400]));

    const refused = await anna('PUT', interests, { nodeIds: [] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: sv.errors.writeRateLimited,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Reading goes on, and another account at the same school still writes.
    expect((await anna('GET', interests)).statusCode).toBe(200);
    const eva = await clientFor(t, people.eva);
    expect((await eva('PUT', interests, { nodeIds: [] })).statusCode).toBe(200);
  });

  it('counts per account, not per session: a second sign-in shares the count', async () => {
    const first = await clientFor(t, people.anna);
    expect((await first('PUT', interests, { nodeIds: [] })).statusCode).toBe(429);
    // Lists asked for with POST only read: they go on once the writes are spent.
    expect((await first('POST', '/api/core/v1/GetPosts', { perPage: 5 })).statusCode).toBe(200);
  });

  it('does not count lists asked for with POST (GetPosts, GetPostsAll, GetLinks)', async () => {
    const sven = await clientFor(t, people.sven);
    const reads = [
      ['/api/core/v1/GetPosts', { perPage: 5 }],
      ['/api/core/v1/GetPostsAll', { perPage: 5 }],
      ['/api/core/v1/GetLinks', { type: ['tool'] }],
    ] as const;
    const statuses = await Promise.all(
      Array.from({ length: defaultPerMinute + 3 }, (_, i) => {
        const [url, body] = reads[i % reads.length]!;
        return sven('POST', url, body).then((response) => response.statusCode);
      }),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect((await sven('PUT', interests, { nodeIds: [] })).statusCode).toBe(200);
  });
});

describe('write limit turned off', () => {
  it('lets any number of writes through with 0', async () => {
    const off = await createTestApp({ demo: false, env: { WRITE_RATE_LIMIT_PER_MINUTE: '0' } });
    try {
      const anna = await clientFor(off, await buildUser(off, { role: 'role_teacher' }));
      const statuses = await Promise.all(
        Array.from({ length: defaultPerMinute + 5 }, () =>
          anna('PUT', interests, { nodeIds: [] }).then((response) => response.statusCode),
        ),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      await off.close();
    }
  });
});
