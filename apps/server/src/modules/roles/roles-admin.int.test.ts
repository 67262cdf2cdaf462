import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../../test/harness';
import { auditLog, roles, userCapabilities, userRoles } from '../../db/schema';
import { findUserIdByUsername } from '../../db/seed/demo-municipality';

let t: TestContext;
let admin: string;
let superadmin: string;
let teacher: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t.app, 'eva.andersson');
  superadmin = await signInAs(t.app, 'sven.svensson');
  teacher = await signInAs(t.app, 'johan.berg');
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

async function rightsOf(username: string) {
  const cookie = await signInAs(t.app, username);
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
    expect((await rightsOf('elsa.nilsson')).create_post).toBe(false);

    const granted = await call('POST', `/role/${student}/capability/create_post`, admin, {
      value: true,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().capabilities.create_post).toBe(true);
    expect((await rightsOf('elsa.nilsson')).create_post).toBe(true);

    const removed = await call('DELETE', `/role/${student}/capability/create_post`, admin);
    expect(removed.statusCode).toBe(200);
    expect('create_post' in removed.json().capabilities).toBe(false);
    expect('create_post' in (await rightsOf('elsa.nilsson'))).toBe(false);

    const teacherRole = await roleId('role_teacher');
    await call('POST', `/role/${teacherRole}/capability/search`, admin, { value: false });
    expect((await rightsOf('johan.berg')).search).toBe(false);
    await call('POST', `/role/${teacherRole}/capability/search`, admin, { value: true });

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'role.capability.remove'), eq(auditLog.entityId, String(student))),
      )
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      actorUserId: await findUserIdByUsername(t.db, 'eva.andersson'),
      realUserId: null,
      before: { key: 'role_student', capability: 'create_post', value: true },
      after: { key: 'role_student', capability: 'create_post', value: null },
    });
  });

  it('nobody grants a right they do not hold; admin roles are for super administrators', async () => {
    const evaId = (await findUserIdByUsername(t.db, 'eva.andersson'))!;
    await t.db
      .insert(userCapabilities)
      .values({ userId: evaId, capabilityKey: 'create_alert', value: false });
    const student = await roleId('role_student');
    const beyond = await call('POST', `/role/${student}/capability/create_alert`, admin, {
      value: true,
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().message).toBe(
      'Du kan inte ge en rättighet som du inte själv har: Publicera krisinformation',
    );
    // Denying is not granting.
    expect(
      (await call('POST', `/role/${student}/capability/create_alert`, admin, { value: false }))
        .statusCode,
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

  it('an administrator whose role_list is denied cannot administer roles', async () => {
    const kimId = (await findUserIdByUsername(t.db, 'kim.karlsson'))!;
    await t.db
      .insert(userCapabilities)
      .values({ userId: kimId, capabilityKey: 'role_list', value: false });
    const kim = await signInAs(t.app, 'kim.karlsson');
    const student = await roleId('role_student');
    expect(
      (await call('POST', `/role/${student}/capability/search`, kim, { value: true })).statusCode,
    ).toBe(403);
    await t.db
      .insert(userCapabilities)
      .values({ userId: kimId, capabilityKey: 'role_capability_edit', value: false })
      .onConflictDoNothing();
    await t.db
      .delete(userCapabilities)
      .where(
        and(eq(userCapabilities.userId, kimId), eq(userCapabilities.capabilityKey, 'role_list')),
      );
    expect(
      (await call('POST', `/role/${student}/capability/search`, kim, { value: true })).statusCode,
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
    const elsaId = (await findUserIdByUsername(t.db, 'elsa.nilsson'))!;
    await t.db.insert(userRoles).values({ userId: elsaId, roleId: created.id });
    const inUse = await call('DELETE', `/role/${created.id}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(
      'Rollen används av 1 användare. Ta bort rollen från dem först.',
    );
    await t.db.delete(userRoles).where(eq(userRoles.roleId, created.id));
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
