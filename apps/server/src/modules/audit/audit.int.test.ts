import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, type TestUser } from '../../../test/factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let admin: string;
let administrator: TestUser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  administrator = await buildUser(t, {
    role: 'role_admin',
    firstName: 'Eva',
    lastName: 'Andersson',
  });
  admin = await signIn(t.app, administrator);
});
afterAll(() => t.close());

const get = (query: string, cookie?: string) =>
  t.app.inject({ url: `/api/core/v1/audit${query}`, headers: cookie ? { cookie } : {} });

describe('GET /api/core/v1/audit', () => {
  it('climbs 401 → 400 → 403 → 200', async () => {
    expect((await get('')).statusCode).toBe(401);
    expect((await get('?from=yesterday', admin)).statusCode).toBe(400);
    expect((await get('?sort=before', admin)).statusCode).toBe(400);
    expect((await get('?action=x%27;drop', admin)).statusCode).toBe(400);
    const rektor = await signIn(t.app, await buildUser(t, { role: 'role_school_responsible' }));
    expect((await get('', rektor)).statusCode).toBe(403);
    expect((await get('', admin)).statusCode).toBe(200);
  });

  it('shows who changed what with before and after, filtered and paged, newest first', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/category',
      headers: { cookie: admin },
      payload: { key: 'loggad', name: 'Loggad', type: 'content' },
    });
    const categoryId = created.json().id;
    const entries = await get(`?entityType=category&entityId=${categoryId}`, admin);
    expect(entries.json()).toEqual([
      expect.objectContaining({
        actor: { id: administrator.id, name: 'Eva Andersson' },
        maskedBy: null,
        action: 'category.create',
        before: null,
        after: expect.objectContaining({ key: 'loggad' }),
      }),
    ]);
    expect(entries.headers['x-pagination-total']).toBe('1');

    const byPrefix = (await get('?action=category', admin)).json();
    expect(
      byPrefix.every((entry: { action: string }) => entry.action.startsWith('category.')),
    ).toBe(true);
    expect((await get('?action=categor', admin)).json()).toEqual([]);

    const logins = await get('?action=session.login&perPage=2', admin);
    expect(logins.json()).toHaveLength(2);
    expect(Number(logins.headers['x-pagination-total'])).toBeGreaterThanOrEqual(2);
    const [first, second] = logins.json();
    expect(Date.parse(first.at)).toBeGreaterThanOrEqual(Date.parse(second.at));
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await get(`?from=${encodeURIComponent(future)}`, admin)).json()).toEqual([]);
  });

  it('names the administrator behind a masked write', async () => {
    const elsaId = (
      await buildUser(t, { role: 'role_student', firstName: 'Elsa', lastName: 'Nilsson' })
    ).id;
    const masked = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/token',
      headers: { cookie: admin },
      payload: { type: 'masked', userId: elsaId },
    });
    const cookie = cookieHeaderFrom(masked.cookies, admin);
    await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/category',
      headers: { cookie },
      payload: { key: 'maskerad', name: 'M', type: 'content' },
    });
    const [entry] = (await get(`?actorUserId=${elsaId}&action=masked.request`, admin)).json();
    expect(entry).toMatchObject({
      actor: { name: 'Elsa Nilsson' },
      maskedBy: { name: 'Eva Andersson' },
      after: { status: 403 },
    });
  });
});
