import { capabilityKeys } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClass,
  buildSchool,
  buildTeachingGroup,
  buildUser,
  signIn,
  type TestUser,
} from '../../../test/factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, createTool, roleCategory } from '../../../test/tools-helpers';

let t: TestContext;
let people: Record<
  'anna' | 'elsa' | 'leo' | 'karin' | 'johan' | 'admin' | 'superadmin' | 'municipalityAdmin',
  TestUser
> & { principal: TestUser; pupilWithOwnRight: TestUser };
/** An optional tool a teacher may add to her own list. */
let optionalToolId: number;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  // Three schools; Anna teaches 3A of the first, where Elsa is a pupil; Leo is in 8B of the second.
  const ekbacken = await buildSchool(t, { name: 'Ekbackens skola' });
  const lindang = await buildSchool(t, { name: 'Lindängsskolan' });
  const norrby = await buildSchool(t, { name: 'Norrby gymnasium' });
  const class3A = await buildClass(t, { school: ekbacken, name: '3A' });
  const class8B = await buildClass(t, { school: lindang, name: '8B' });
  const anna = await buildUser(t, {
    username: 'anna.larsson',
    firstName: 'Anna',
    lastName: 'Larsson',
    email: 'anna.larsson@exempelby.se',
    class: class3A,
    groups: [
      await buildTeachingGroup(t, { class: class3A, name: 'Matematik 3A' }),
      await buildTeachingGroup(t, { class: class3A, name: 'Svenska 3A' }),
    ],
  });
  const pupil = (firstName: string, ownClass: typeof class3A, extra = {}) =>
    buildUser(t, {
      role: 'role_student',
      class: ownClass,
      firstName,
      lastName: 'Nilsson',
      ...extra,
    });
  const elsa = await pupil('Elsa', class3A);
  const leo = await pupil('Leo', class8B);
  people = {
    anna,
    elsa,
    leo,
    karin: await buildUser(t, { role: 'role_caretaker', guardianOf: [elsa, leo] }),
    johan: await buildUser(t, { school: norrby, firstName: 'Johan', lastName: 'Berg' }),
    admin: await buildUser(t, { role: 'role_admin' }),
    superadmin: await buildUser(t, { role: 'role_superadmin' }),
    municipalityAdmin: await buildUser(t, { role: 'role_municipality_admin' }),
    principal: await buildUser(t, { role: 'role_school_responsible', school: lindang }),
    pupilWithOwnRight: await pupil('Ella', class3A, { capabilities: { create_post: true } }),
  };
  // The teachers' role category stands for the three schools; every teacher has a tool of
  // their own list, and may add an optional one.
  const admin = await clientFor(t, people.admin);
  for (const school of [ekbacken, lindang, norrby]) {
    const linked = await admin(
      'POST',
      `/api/core/v1/category/${roleCategory.teacher}/node/${school.id}`,
    );
    expect(linked.statusCode, linked.body).toBe(200);
  }
  await createTool(admin, { name: 'Lärplattform' });
  optionalToolId = (await createTool(admin, { name: 'Bibliotekskatalog', optional: true })).id;
});
afterAll(() => t.close());

describe('GET /api/core/v1/user', () => {
  it('401 when not signed in', async () => {
    const response = await t.app.inject({ url: '/api/core/v1/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('returns a teacher with role, role category with nodes, groups and rights', async () => {
    const cookie = await signIn(t.app, people.anna);
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
    const cookie = await signIn(t.app, people.karin);
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
    for (const [who, flags] of [
      ['admin', { isAdmin: true, isSchoolResponsible: false }],
      ['superadmin', { isAdmin: true, isSchoolResponsible: false }],
      ['municipalityAdmin', { isAdmin: true, isSchoolResponsible: false }],
      ['principal', { isAdmin: false, isSchoolResponsible: true }],
    ] as const) {
      const cookie = await signIn(t.app, people[who]);
      const user = (await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).json();
      expect(user, who).toMatchObject(flags);
    }
  });
});

describe('GET /api/core/v1/user: tokens and links of spec §3 (issue 21.6)', () => {
  const me = async (cookie: string) =>
    (await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).json();

  it('lists this session’s tokens, what they are and never a secret', async () => {
    const first = await signIn(t.app, people.anna);
    const second = await signIn(t.app, people.anna);
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
    const admin = await signIn(t.app, people.admin);
    const masked = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/token',
      headers: { cookie: admin },
      payload: { type: 'masked', userId: people.johan.id },
    });
    expect(masked.statusCode).toBe(200);
    const user = await me(cookieHeaderFrom(masked.cookies, admin));
    expect(user.name).toBe('Johan Berg');
    expect(user.tokens.map((token: { masked: boolean }) => token.masked)).toEqual([false, true]);
  });

  it('carries the user’s own tools, as GET /user/links does, at once after a change', async () => {
    const cookie = await signIn(t.app, people.anna);
    const mine = async () =>
      (await t.app.inject({ url: '/api/core/v1/user/links', headers: { cookie } })).json();
    const before = await me(cookie);
    expect(before.links).toEqual(await mine());
    expect(before.links.length).toBeGreaterThan(0);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/core/v1/user/links/${optionalToolId}`,
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
    const [elsaId, leoId] = [people.elsa.id, people.leo.id];
    expect((await t.app.inject({ url: `/api/core/v1/user/${elsaId}/capability` })).statusCode).toBe(
      401,
    );

    const cookie = await signIn(t.app, people.elsa);
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

  it('lets an administrator read anyone, shows a pupil’s own right to write posts, and 404s an unknown user', async () => {
    const cookie = await signIn(t.app, people.admin);
    const response = await t.app.inject({
      url: `/api/core/v1/user/${people.pupilWithOwnRight.id}/capability`,
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
