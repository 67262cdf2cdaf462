import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { auditLog, roles } from '../../db/schema';

let t: TestContext;
let admin: string;
let superadmin: string;
let teacher: string;
let people: Record<'eva' | 'elsa' | 'johan', TestUser>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  people = {
    eva: await buildUser(t, { role: 'role_admin' }),
    elsa: await buildUser(t, { role: 'role_student' }),
    johan: await buildUser(t),
  };
  admin = await signIn(t.app, people.eva);
  superadmin = await signIn(t.app, await buildUser(t, { role: 'role_superadmin' }));
  teacher = await signIn(t.app, people.johan);
});
afterAll(() => t.close());

const call = (method: 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/core/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

async function roleId(key: string) {
  const [row] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.key, key));
  return row!.id;
}

async function rightsOf(holder: TestUser) {
  const cookie = await signIn(t.app, holder);
  const user = await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } });
  return user.json().capabilities as Record<string, boolean>;
}

describe('POST /api/core/v1/role', () => {
  it('climbs 401 → 400 → 403 → 200 and refuses a duplicate key with 409', async () => {
    const body = { key: 'role_mentor', name: 'Mentor' };
    expect((await call('POST', '/role', undefined, body)).statusCode).toBe(401);
    const invalid = await call('POST', '/role', admin, { key: 'Mentor-1', name: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      {
        field: 'key',
        message: 'Nyckeln måste börja med role_ och får bara innehålla a-z och understreck',
      },
      { field: 'name', message: 'Fältet måste vara ifyllt' },
    ]);
    expect((await call('POST', '/role', teacher, body)).statusCode).toBe(403);
    const created = await call('POST', '/role', admin, body);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ key: 'role_mentor', name: 'Mentor', capabilities: {} });
    const duplicate = await call('POST', '/role', admin, body);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Det finns redan en roll med nyckeln role_mentor.');
    const list = await t.app.inject({ url: '/api/core/v1/role', headers: { cookie: admin } });
    const can = Object.fromEntries(
      list.json().map((role: { key: string; can: object }) => [role.key, role.can]),
    );
    expect(can.role_mentor).toEqual({ edit: true, delete: true });
    expect(can.role_student).toEqual({ edit: true, delete: false });
    expect(can.role_admin).toEqual({ edit: false, delete: false });
    const asSuper = await t.app.inject({
      url: '/api/core/v1/role',
      headers: { cookie: superadmin },
    });
    expect(asSuper.json().find((role: { key: string }) => role.key === 'role_admin').can.edit).toBe(
      true,
    );
    const unknownCategory = await call('POST', '/role', admin, {
      key: 'role_x',
      name: 'X',
      categoryId: 9999,
    });
    expect(unknownCategory.statusCode).toBe(400);
  });
});

describe('POST|DELETE /api/core/v1/role/{id}/capability/{cap}', () => {
  it('climbs the ladder; an unknown right is named in Swedish', async () => {
    const student = await roleId('role_student');
    const url = `/role/${student}/capability/create_post`;
    expect((await call('POST', url, undefined, { value: true })).statusCode).toBe(401);
    expect((await call('POST', url, admin, { value: 'yes' })).statusCode).toBe(400);
    const unknown = await call('POST', `/role/${student}/capability/fly`, admin, { value: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'cap', message: 'Okänd rättighet: fly' }]);
    expect((await call('POST', url, teacher, { value: true })).statusCode).toBe(403);
    expect(
      (await call('POST', '/role/99999/capability/create_post', admin, { value: true })).statusCode,
    ).toBe(404);
  });

  it('granting reaches every holder; removing makes it missing; false denies', async () => {
    const student = await roleId('role_student');
    expect((await rightsOf(people.elsa)).create_post).toBe(false);

    const granted = await call('POST', `/role/${student}/capability/create_post`, admin, {
      value: true,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().capabilities.create_post).toBe(true);
    expect((await rightsOf(people.elsa)).create_post).toBe(true);

    const removed = await call('DELETE', `/role/${student}/capability/create_post`, admin);
    expect(removed.statusCode).toBe(200);
    expect('create_post' in removed.json().capabilities).toBe(false);
    expect('create_post' in (await rightsOf(people.elsa))).toBe(false);

    const teacherRole = await roleId('role_teacher');
    await call('POST', `/role/${teacherRole}/capability/search`, admin, { value: false });
    expect((await rightsOf(people.johan)).search).toBe(false);
    await call('POST', `/role/${teacherRole}/capability/search`, admin, { value: true });

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'role.capability.remove'), eq(auditLog.entityId, String(student))),
      )
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      actorUserId: people.eva.id,
      realUserId: null,
      before: { key: 'role_student', capability: 'create_post', value: true },
      after: { key: 'role_student', capability: 'create_post', value: null },
    });
  });

  it('nobody grants a right they do not hold; admin roles are for super administrators', async () => {
    const withoutAlerts = await signIn(
      t.app,
      await buildUser(t, { role: 'role_admin', capabilities: { create_alert: false } }),
    );
    const student = await roleId('role_student');
    const beyond = await call('POST', `/role/${student}/capability/create_alert`, withoutAlerts, {
      value: true,
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().message).toBe(
      'Du kan inte ge en rättighet som du inte själv har: Publicera krisinformation',
    );
    // Denying is not granting.
    expect(
      (
        await call('POST', `/role/${student}/capability/create_alert`, withoutAlerts, {
          value: false,
        })
      ).statusCode,
    ).toBe(200);

    const adminRole = await roleId('role_admin');
    const notSuper = await call('POST', `/role/${adminRole}/capability/search`, admin, {
      value: false,
    });
    expect(notSuper.statusCode).toBe(403);
    expect(notSuper.json().message).toMatch(/superadministratör/);
    expect(
      (await call('POST', `/role/${adminRole}/capability/search`, superadmin, { value: true }))
        .statusCode,
    ).toBe(200);

    const superRole = await roleId('role_superadmin');
    const lockout = await call('DELETE', `/role/${superRole}/capability/role_list`, superadmin);
    expect(lockout.statusCode).toBe(409);
  });

  it('an administrator whose role_list (or role_capability_edit) is denied cannot administer roles', async () => {
    const municipalityAdminWithout = async (capability: 'role_list' | 'role_capability_edit') =>
      signIn(
        t.app,
        await buildUser(t, {
          role: 'role_municipality_admin',
          capabilities: { [capability]: false },
        }),
      );
    const student = await roleId('role_student');
    const withoutList = await municipalityAdminWithout('role_list');
    expect(
      (await call('POST', `/role/${student}/capability/search`, withoutList, { value: true }))
        .statusCode,
    ).toBe(403);
    const withoutEdit = await municipalityAdminWithout('role_capability_edit');
    expect(
      (await call('POST', `/role/${student}/capability/search`, withoutEdit, { value: true }))
        .statusCode,
    ).toBe(403);
  });
});

describe('DELETE /api/core/v1/role/{id}', () => {
  it('refuses built-in roles and roles in use; deletes an unused role with an audit entry', async () => {
    expect((await call('DELETE', '/role/1')).statusCode).toBe(401);
    expect((await call('DELETE', '/role/abc', admin)).statusCode).toBe(400);
    expect(
      (await call('DELETE', `/role/${await roleId('role_teacher')}`, teacher)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', '/role/99999', admin)).statusCode).toBe(404);
    const builtIn = await call('DELETE', `/role/${await roleId('role_teacher')}`, admin);
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().message).toBe('Portalens egna roller kan inte tas bort.');

    const created = (
      await call('POST', '/role', admin, { key: 'role_tmp', name: 'Tillfällig' })
    ).json();
    // Given to a pupil and taken back through the user administration.
    const userRole = `/user/${people.elsa.id}/role/${created.id}`;
    await t.app.inject({
      method: 'POST',
      url: `/api/core/v1${userRole}`,
      headers: { cookie: admin },
    });
    const inUse = await call('DELETE', `/role/${created.id}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(
      'Rollen används av 1 användare. Ta bort rollen från dem först.',
    );
    await call('DELETE', userRole, admin);
    const deleted = await call('DELETE', `/role/${created.id}`, admin);
    expect(deleted.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.delete'), eq(auditLog.entityId, String(created.id))));
    expect(entry?.before).toMatchObject({ key: 'role_tmp' });
    expect(await t.db.select().from(roles).where(eq(roles.id, created.id))).toEqual([]);
  });
});
