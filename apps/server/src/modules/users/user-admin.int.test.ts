import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClass,
  buildSchool,
  buildUser,
  signIn,
  type TestNode,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { auditLog, roles } from '../../db/schema';

let t: TestContext;
let admin: string;
let superadmin: string;
let teacher: string;
const id: Record<string, number> = {};
const classes: Record<string, TestNode> = {};
let elsaAccount: TestUser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  // Elsa in 3A of one school, her brother Leo in 8B of another, their guardian Karin;
  // Sven is the only super administrator.
  const ekbacken = await buildSchool(t, { name: 'Ekbackens skola' });
  const lindang = await buildSchool(t, { name: 'Lindängsskolan' });
  classes['3A'] = await buildClass(t, { school: ekbacken, name: '3A' });
  for (const name of ['7A', '8B', '9C']) {
    classes[name] = await buildClass(t, { school: lindang, name });
  }
  const pupil = (firstName: string, ownClass: TestNode) =>
    buildUser(t, {
      role: 'role_student',
      class: ownClass,
      username: `${firstName.toLowerCase()}.nilsson`,
      firstName,
      lastName: 'Nilsson',
      email: null,
    });
  elsaAccount = await pupil('Elsa', classes['3A']);
  const leo = await pupil('Leo', classes['8B']!);
  const karin = await buildUser(t, {
    role: 'role_caretaker',
    firstName: 'Karin',
    lastName: 'Nilsson',
    guardianOf: [elsaAccount, leo],
  });
  const sven = await buildUser(t, { role: 'role_superadmin' });
  const johan = await buildUser(t, { school: lindang });
  const sara = await buildUser(t, { role: 'role_employee' });
  Object.assign(id, {
    'elsa.nilsson': elsaAccount.id,
    'leo.nilsson': leo.id,
    'sara.ekstrom': sara.id,
    'sven.svensson': sven.id,
    'johan.berg': johan.id,
    'karin.nilsson': karin.id,
  });
  admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
  superadmin = await signIn(t.app, sven);
  teacher = await signIn(t.app, johan);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/core/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

async function roleIdOf(key: string) {
  const [row] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.key, key));
  return row!.id;
}
async function lastAudit(action: string) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('GET /api/core/v1/user/{id}', () => {
  it('climbs 401 → 400 → 403 → 404 → 200', async () => {
    expect((await call('GET', `/user/${id['elsa.nilsson']}`)).statusCode).toBe(401);
    expect((await call('GET', '/user/abc', admin)).statusCode).toBe(400);
    const student = await signIn(t.app, elsaAccount);
    expect((await call('GET', `/user/${id['leo.nilsson']}`, student)).statusCode).toBe(403);
    expect((await call('GET', `/user/${id['elsa.nilsson']}`, student)).statusCode).toBe(200);
    expect((await call('GET', '/user/999999', admin)).statusCode).toBe(404);

    const elsa = (await call('GET', `/user/${id['elsa.nilsson']}`, admin)).json();
    expect(elsa).toMatchObject({
      uid: 'elsa.nilsson',
      username: 'elsa.nilsson',
      name: 'Elsa Nilsson',
      guardians: [{ name: 'Karin Nilsson' }],
      children: [],
      isAdmin: false,
      isSuperadmin: false,
      capabilityOverrides: {},
      can: {
        edit: true,
        editRoles: true,
        editGroups: true,
        editCapabilities: true,
        mask: true,
        disable: true,
      },
    });
    expect(elsa.roles.map((role: { key: string }) => role.key)).toEqual(['role_student']);
    expect(elsa.groups.map((group: { name: string }) => group.name)).toContain('3A');
    expect(elsa.capabilities.create_post).toBe(false);

    const sven = (await call('GET', `/user/${id['sven.svensson']}`, admin)).json();
    expect(sven.can).toEqual({
      edit: false,
      editRoles: false,
      editGroups: false,
      editCapabilities: false,
      mask: false,
      disable: false,
    });
  });
});

describe('PUT /api/core/v1/user/{id}', () => {
  it('validates with the spec messages, refuses non-admins, updates and audits', async () => {
    const url = `/user/${id['leo.nilsson']}`;
    const body = { email: 'leo@exempelby.se', firstName: 'Leo', lastName: 'Nilsson-Berg' };
    expect((await call('PUT', url, undefined, body)).statusCode).toBe(401);
    const invalid = await call('PUT', url, admin, {
      email: 'x',
      firstName: 'A'.repeat(31),
      lastName: '',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { field: 'email', message: 'Fel format på e-postadressen' },
      { field: 'firstName', message: 'Fältet får innehålla max 30 tecken' },
      { field: 'lastName', message: 'Fältet måste vara ifyllt' },
    ]);
    expect((await call('PUT', url, teacher, body)).statusCode).toBe(403);
    const updated = await call('PUT', url, admin, body);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Leo Nilsson-Berg', email: 'leo@exempelby.se' });
    expect(await lastAudit('user.update')).toMatchObject({
      entityId: String(id['leo.nilsson']),
      before: { lastName: 'Nilsson', email: null },
      after: { lastName: 'Nilsson-Berg', email: 'leo@exempelby.se' },
    });
    const protectedUser = await call('PUT', `/user/${id['sven.svensson']}`, admin, body);
    expect(protectedUser.statusCode).toBe(403);
    expect(protectedUser.json().message).toMatch(/superadministratör/);
  });
});

describe('memberships', () => {
  it('adds and removes one group, several at once, and refuses unknown groups whole', async () => {
    const user = id['sara.ekstrom'];
    const [a, b, c] = [classes['7A']!.id, classes['8B']!.id, classes['9C']!.id];
    expect((await call('POST', `/user/${user}/node/${a}`)).statusCode).toBe(401);
    expect((await call('POST', `/user/${user}/node/x`, admin)).statusCode).toBe(400);
    expect((await call('POST', `/user/${user}/node/${a}`, teacher)).statusCode).toBe(403);
    expect((await call('POST', `/user/${user}/node/999999`, admin)).statusCode).toBe(404);

    const one = await call('POST', `/user/${user}/node/${a}`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.json().groups.map((group: { id: number }) => group.id)).toContain(a);

    const partly = await call('POST', `/user/${user}/node-bulk`, admin, { nodeIds: [b, 999999] });
    expect(partly.statusCode).toBe(400);
    expect(partly.json().errors[0].field).toBe('nodeIds');
    expect((await call('POST', `/user/${user}/node-bulk`, admin, { nodeIds: [] })).statusCode).toBe(
      400,
    );
    const bulk = await call('POST', `/user/${user}/node-bulk`, admin, { nodeIds: [b, c, a] });
    const groupIds = bulk.json().groups.map((group: { id: number }) => group.id);
    expect(groupIds).toEqual(expect.arrayContaining([a, b, c]));
    expect(await lastAudit('user.nodes.add')).toMatchObject({ entityId: String(user) });

    const removed = await call('POST', `/user/${user}/node-bulk-remove`, admin, {
      nodeIds: [a, b],
    });
    expect(removed.json().groups.map((group: { id: number }) => group.id)).not.toContain(a);
    const single = await call('DELETE', `/user/${user}/node/${c}`, admin);
    expect(single.json().groups.map((group: { id: number }) => group.id)).not.toContain(c);
  });
});

describe('roles of a user', () => {
  it('a second main role is refused unless replacing is asked for; the last main role stays (issue 21.7)', async () => {
    const user = id['leo.nilsson'];
    const teacherRole = await roleIdOf('role_teacher');
    const studentRole = await roleIdOf('role_student');
    expect((await call('POST', `/user/${user}/role/${teacherRole}`, teacher)).statusCode).toBe(403);
    expect((await call('POST', `/user/${user}/role/99999`, admin)).statusCode).toBe(404);
    const refused = await call('POST', `/user/${user}/role/${teacherRole}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'MAIN_ROLE_HELD',
      message:
        'Användaren har redan huvudrollen Elev. En användare har bara en huvudroll: välj att byta huvudroll för att ersätta den.',
    });
    const unchanged = await call('GET', `/user/${user}`, admin);
    expect(unchanged.json().roles.map((role: { key: string }) => role.key)).toEqual([
      'role_student',
    ]);
    for (const replace of ['false', 'ja']) {
      const response = await call(
        'POST',
        `/user/${user}/role/${teacherRole}?replace=${replace}`,
        admin,
      );
      expect(response.statusCode, replace).toBe(replace === 'false' ? 409 : 400);
    }
    const changed = await call('POST', `/user/${user}/role/${teacherRole}?replace=true`, admin);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().roles.map((role: { key: string }) => role.key)).toEqual(['role_teacher']);
    expect(await lastAudit('user.role.add')).toMatchObject({
      before: { roles: ['role_student'] },
      after: { roles: ['role_teacher'] },
    });
    const last = await call('DELETE', `/user/${user}/role/${teacherRole}`, admin);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/huvudroll/);
    await call('POST', `/user/${user}/role/${studentRole}?replace=true`, admin);
  });

  it('administrator roles are given by super administrators; the last one stays', async () => {
    const adminRole = await roleIdOf('role_admin');
    const superRole = await roleIdOf('role_superadmin');
    const byAdmin = await call('POST', `/user/${id['sara.ekstrom']}/role/${adminRole}`, admin);
    expect(byAdmin.statusCode).toBe(403);
    const bySuper = await call('POST', `/user/${id['sara.ekstrom']}/role/${superRole}`, superadmin);
    expect(bySuper.json().isSuperadmin).toBe(true);
    // Two super administrators: one may go, then the last one stays.
    expect(
      (await call('DELETE', `/user/${id['sara.ekstrom']}/role/${superRole}`, superadmin))
        .statusCode,
    ).toBe(200);
    const lastOne = await call(
      'DELETE',
      `/user/${id['sven.svensson']}/role/${superRole}`,
      superadmin,
    );
    expect(lastOne.statusCode).toBe(409);
    expect(lastOne.json().message).toBe('Det måste finnas minst en superadministratör kvar.');
  });

  it('a role may hand out only rights the administrator holds', async () => {
    const created = (
      await call('POST', '/role', superadmin, { key: 'role_alerts', name: 'Kris' })
    ).json();
    await call('POST', `/role/${created.id}/capability/create_alert`, superadmin, { value: true });
    const adminWithoutAlerts = await signIn(
      t.app,
      await buildUser(t, { role: 'role_admin', capabilities: { create_alert: false } }),
    );
    const refused = await call(
      'POST',
      `/user/${id['sara.ekstrom']}/role/${created.id}`,
      adminWithoutAlerts,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Publicera krisinformation/);
  });
});

describe('per-user rights', () => {
  it('an override beats the role value both ways; removing it restores the role value', async () => {
    const student = id['elsa.nilsson'];
    const url = `/user/${student}/capability/create_post`;
    expect((await call('POST', url, undefined, { value: true })).statusCode).toBe(401);
    expect(
      (await call('POST', `/user/${student}/capability/nope`, admin, { value: true })).json()
        .errors,
    ).toEqual([{ field: 'cap', message: 'Okänd rättighet: nope' }]);
    expect((await call('POST', url, teacher, { value: true })).statusCode).toBe(403);
    const granted = await call('POST', url, admin, { value: true });
    expect(granted.json()).toMatchObject({
      capabilityOverrides: { create_post: true },
      roleCapabilities: { create_post: false },
      capabilities: { create_post: true },
    });
    const elsaCookie = await signIn(t.app, elsaAccount);
    expect((await call('GET', '/user', elsaCookie)).json().capabilities.create_post).toBe(true);
    const cleared = await call('DELETE', url, admin);
    expect(cleared.json().capabilities.create_post).toBe(false);

    const denied = await call('POST', `/user/${id['johan.berg']}/capability/create_post`, admin, {
      value: false,
    });
    expect(denied.json().capabilities.create_post).toBe(false);
    expect((await call('GET', '/user', teacher)).json().capabilities.create_post).toBe(false);
    await call('DELETE', `/user/${id['johan.berg']}/capability/create_post`, admin);
  });
});

describe('categories of a user', () => {
  it('links and unlinks a category; unknown categories are 404', async () => {
    const user = id['sara.ekstrom'];
    expect((await call('POST', `/user/${user}/category/3`, teacher)).statusCode).toBe(403);
    expect((await call('POST', `/user/${user}/category/9999`, admin)).statusCode).toBe(404);
    const linked = await call('POST', `/user/${user}/category/3`, admin);
    expect(linked.json().directCategoryIds).toEqual([3]);
    expect(linked.json().categories.map((category: { key: string }) => category.key)).toContain(
      'role_teacher',
    );
    const unlinked = await call('DELETE', `/user/${user}/category/3`, admin);
    expect(unlinked.json().directCategoryIds).toEqual([]);
  });
});

describe('while acting as someone else', () => {
  it('a masked administrator cannot administer users', async () => {
    const masked = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/token',
      headers: { cookie: admin },
      payload: { type: 'masked', userId: id['karin.nilsson'] },
    });
    expect(masked.statusCode).toBe(200);
    const cookie = masked.cookies
      .filter((c) => c.value)
      .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
      .join('; ');
    const refused = await call('PUT', `/user/${id['leo.nilsson']}`, cookie, {
      email: 'a@b.se',
      firstName: 'A',
      lastName: 'B',
    });
    expect(refused.statusCode).toBe(403);
  });
});
