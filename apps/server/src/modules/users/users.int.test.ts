import { capabilityKeys } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cookieHeaderFrom, createTestApp, signInAs, type TestContext } from '../../../test/harness';
import { findUserIdByUsername } from '../../db/seed/demo-municipality';
import { links, userCapabilities } from '../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/core/v1/user', () => {
  it('401 when not signed in', async () => {
    const response = await t.app.inject({ url: '/api/core/v1/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('returns a teacher with role, role category with nodes, groups and rights', async () => {
    const cookie = await signInAs(t.app, 'anna.larsson');
    const user = (await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).json();
    expect(user).toMatchObject({
      uid: 'anna.larsson',
      name: 'Anna Larsson',
      firstName: 'Anna',
      lastName: 'Larsson',
      email: 'anna.larsson@exempelby.se',
      isAdmin: false,
      isSchoolResponsible: false,
      masked: false,
      maskedBy: null,
      children: [],
    });
    expect(user.roles.map((role: { key: string }) => role.key)).toEqual(['role_teacher']);
    const roleCategory = user.categories.find(
      (category: { type: string }) => category.type === 'role',
    );
    expect(roleCategory).toMatchObject({ id: 3, key: 'role_teacher', name: 'Lärare' });
    expect(roleCategory.nodes.map((node: { type: string }) => node.type)).toEqual([
      'Skolenhet',
      'Skolenhet',
      'Skolenhet',
    ]);
    expect(user.groups.map((group: { name: string }) => group.name).sort()).toEqual(
      ['3A', 'Ekbackens skola', 'Matematik 3A', 'Svenska 3A'].sort(),
    );
    expect(user.capabilities.create_post).toBe(true);
    expect(user.capabilities.post_list_all).toBe(false);
  });

  it('lists a guardian’s two children with their categories and groups', async () => {
    const cookie = await signInAs(t.app, 'karin.nilsson');
    const user = (await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).json();
    expect(user.children.map((child: { name: string }) => child.name)).toEqual([
      'Elsa Nilsson',
      'Leo Nilsson',
    ]);
    expect(user.children[0].categories[0].key).toBe('role_student');
    // Each child's own groups, not the guardian's (she is in none).
    const names = (groups: { name: string }[]) => groups.map((group) => group.name);
    expect(user.groups).toEqual([]);
    expect(names(user.children[0].groups)).toContain('3A');
    expect(names(user.children[1].groups)).toContain('8B');
    expect(names(user.children[0].groups)).not.toContain('8B');
    expect(user.capabilities.create_post).toBe(false);
  });

  it('flags administrators and school-responsible staff', async () => {
    for (const [username, flags] of [
      ['eva.andersson', { isAdmin: true, isSchoolResponsible: false }],
      ['sven.svensson', { isAdmin: true, isSchoolResponsible: false }],
      ['kim.karlsson', { isAdmin: true, isSchoolResponsible: false }],
      ['lars.berglund', { isAdmin: false, isSchoolResponsible: true }],
    ] as const) {
      const cookie = await signInAs(t.app, username);
      const user = (await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).json();
      expect(user, username).toMatchObject(flags);
    }
  });
});

describe('GET /api/core/v1/user: tokens and links of spec §3 (issue 21.6)', () => {
  const me = async (cookie: string) =>
    (await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).json();

  it('lists this session’s tokens, what they are and never a secret', async () => {
    const first = await signInAs(t.app, 'anna.larsson');
    const second = await signInAs(t.app, 'anna.larsson');
    const [one, two] = [await me(first), await me(second)];
    expect(one.tokens).toHaveLength(1);
    expect(two.tokens).toHaveLength(1);
    expect(one.tokens[0].id).not.toBe(two.tokens[0].id);
    expect(Object.keys(one.tokens[0]).sort()).toEqual(
      ['expires', 'id', 'issued', 'masked', 'status', 'type', 'userId'].sort(),
    );
    expect(one.tokens[0]).toMatchObject({ userId: one.id, status: 'active', masked: false });
    // Asked again, each session still sees its own (the rest of the answer is kept per session).
    expect((await me(first)).tokens[0].id).toBe(one.tokens[0].id);
    for (const cookie of [first, second]) {
      for (const part of cookie.split(/;\s*/)) {
        const secretish = decodeURIComponent(part.split('=').slice(1).join('='));
        if (secretish.length > 20)
          expect(JSON.stringify(await me(cookie))).not.toContain(secretish);
      }
    }
  });

  it('a masked session lists the administrator’s token and the masked one', async () => {
    const admin = await signInAs(t.app, 'eva.andersson');
    const masked = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/token',
      headers: { cookie: admin },
      payload: { type: 'masked', userId: (await findUserIdByUsername(t.db, 'johan.berg'))! },
    });
    expect(masked.statusCode).toBe(200);
    const user = await me(cookieHeaderFrom(masked.cookies, admin));
    expect(user.name).toBe('Johan Berg');
    expect(user.tokens.map((token: { masked: boolean }) => token.masked)).toEqual([false, true]);
  });

  it('carries the user’s own tools, as GET /user/links does, at once after a change', async () => {
    const cookie = await signInAs(t.app, 'anna.larsson');
    const mine = async () =>
      (await t.app.inject({ url: '/api/core/v1/user/links', headers: { cookie } })).json();
    const before = await me(cookie);
    expect(before.links).toEqual(await mine());
    expect(before.links.length).toBeGreaterThan(0);
    const [optional] = await t.db
      .select({ id: links.id })
      .from(links)
      .where(eq(links.name, 'Bibliotekskatalog'));
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/core/v1/user/links/${optional!.id}`,
      headers: { cookie },
    });
    expect(added.statusCode).toBe(200);
    const after = await me(cookie);
    expect(after.links.map((link: { name: string }) => link.name)).toContain('Bibliotekskatalog');
    expect(after.links).toEqual(await mine());
  });
});

describe('GET /api/core/v1/user/{id}/capability', () => {
  it('climbs 401 → 400 → 403 → 200', async () => {
    const elsaId = await findUserIdByUsername(t.db, 'elsa.nilsson');
    const leoId = await findUserIdByUsername(t.db, 'leo.nilsson');
    expect((await t.app.inject({ url: `/api/core/v1/user/${elsaId}/capability` })).statusCode).toBe(
      401,
    );

    const cookie = await signInAs(t.app, 'elsa.nilsson');
    const invalid = await t.app.inject({
      url: '/api/core/v1/user/abc/capability',
      headers: { cookie },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0].field).toBe('id');

    const other = await t.app.inject({
      url: `/api/core/v1/user/${leoId}/capability`,
      headers: { cookie },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');

    const own = await t.app.inject({
      url: `/api/core/v1/user/${elsaId}/capability`,
      headers: { cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-pagination-total']).toBe(String(own.json().length));
    expect(own.json()).toContainEqual({ key: 'create_post', value: false, source: 'role' });
    expect(own.json()).toContainEqual({ key: 'create_comment', value: true, source: 'role' });
  });

  it('lets an administrator read anyone, shows user overrides, and 404s an unknown user', async () => {
    const elsaId = (await findUserIdByUsername(t.db, 'elsa.nilsson'))!;
    await t.db
      .insert(userCapabilities)
      .values({ userId: elsaId, capabilityKey: 'create_post', value: true });
    const cookie = await signInAs(t.app, 'eva.andersson');
    const response = await t.app.inject({
      url: `/api/core/v1/user/${elsaId}/capability`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({ key: 'create_post', value: true, source: 'user' });

    const admin = await t.app.inject({
      url: '/api/core/v1/user/999999/capability',
      headers: { cookie },
    });
    expect(admin.statusCode).toBe(404);

    const own = (await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).json();
    expect(Object.keys(own.capabilities).sort()).toEqual([...capabilityKeys].sort());
  });
});
