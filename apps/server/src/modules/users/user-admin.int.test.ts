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
      securityMarking: false,
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

describe('protected identities (decision 0039)', () => {
  const cast = {} as Record<
    | 'pupil'
    | 'guardian'
    | 'unmarked'
    | 'rektor'
    | 'otherRektor'
    | 'adminWithoutRight'
    | 'entitledAdmin',
    TestUser
  >;
  const cookies = {} as Record<keyof typeof cast, string>;
  beforeAll(async () => {
    const school = await buildSchool(t, { name: 'Skyddsskolan' });
    const klass = await buildClass(t, { school, name: '4S' });
    cast.pupil = await buildUser(t, {
      role: 'role_student',
      class: klass,
      username: 'hemlig.elev',
      firstName: 'Hemligaste',
      lastName: 'Skyddsdotter',
      email: 'hemlig.elev@exempelby.se',
      securityMarking: 'Skyddad folkbokföring',
    });
    cast.guardian = await buildUser(t, { role: 'role_caretaker', guardianOf: [cast.pupil] });
    cast.unmarked = await buildUser(t, { role: 'role_student', class: klass, email: null });
    cast.rektor = await buildUser(t, { role: 'role_school_responsible', school });
    cast.otherRektor = await buildUser(t, {
      role: 'role_school_responsible',
      school: await buildSchool(t),
    });
    cast.adminWithoutRight = await buildUser(t, {
      role: 'role_admin',
      capabilities: { view_protected_identity: false },
    });
    cast.entitledAdmin = await buildUser(t, { role: 'role_admin' });
    for (const [who, user] of Object.entries(cast)) {
      cookies[who as keyof typeof cast] = await signIn(t.app, user);
    }
  });

  const secrets = () => [cast.pupil.firstName, cast.pupil.lastName, 'hemlig.elev'];
  const expectNoSecret = (body: string) => {
    for (const secret of secrets()) expect(body).not.toContain(secret);
  };
  const openings = async () =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'user.protected-identity-viewed'))
        .orderBy(auditLog.id)
    ).filter((row) => row.entityId === String(cast.pupil.id));

  it('answers "not found" — as for an unknown id — to those who may not see the person', async () => {
    const unknown = await call('GET', '/user/999999', cookies.entitledAdmin);
    for (const who of ['adminWithoutRight', 'otherRektor'] as const) {
      const response = await call('GET', `/user/${cast.pupil.id}`, cookies[who]);
      expect(response.statusCode, who).toBe(404);
      expect(response.json(), who).toEqual(unknown.json());
      expectNoSecret(response.body);
    }
    // Changing them is "not found" as well, so no answer carries their record.
    const change = await call('POST', `/user/${cast.pupil.id}/disable`, cookies.adminWithoutRight);
    expect(change.statusCode).toBe(404);
    expectNoSecret(change.body);
    expect(await openings()).toEqual([]);
  });

  it('shows the person and their mark to those who may, auditing each opening by a holder of the right', async () => {
    for (const who of ['entitledAdmin', 'rektor'] as const) {
      const response = await call('GET', `/user/${cast.pupil.id}`, cookies[who]);
      expect(response.statusCode, who).toBe(200);
      expect(response.json(), who).toMatchObject({
        name: 'Hemligaste Skyddsdotter',
        username: 'hemlig.elev',
        securityMarking: 'Skyddad folkbokföring',
      });
    }
    expect(await openings()).toMatchObject([
      { actorUserId: cast.entitledAdmin.id, entityType: 'user', requestId: expect.any(String) },
      { actorUserId: cast.rektor.id },
    ]);
    // The person themselves: not audited.
    const own = await call('GET', `/user/${cast.pupil.id}`, cookies.pupil);
    expect(own.json().securityMarking).toBe('Skyddad folkbokföring');
    expect(await openings()).toHaveLength(2);
    // An unmarked person's record is opened without an audit entry.
    const plain = await call('GET', `/user/${cast.unmarked.id}`, cookies.entitledAdmin);
    expect(plain.json().securityMarking).toBe('Ingen');
    expect(await lastAudit('user.protected-identity-viewed')).toMatchObject({
      entityId: String(cast.pupil.id),
    });
  });

  it('leaves a protected child out of their guardian’s record for those who may not see them', async () => {
    const hidden = await call('GET', `/user/${cast.guardian.id}`, cookies.adminWithoutRight);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().children).toEqual([]);
    expectNoSecret(hidden.body);
    const shown = await call('GET', `/user/${cast.guardian.id}`, cookies.entitledAdmin);
    expect(shown.json().children).toEqual([
      { id: cast.pupil.id, uid: 'hemlig.elev', name: 'Hemligaste Skyddsdotter' },
    ]);
  });

  it('sets and clears the mark with a required reason, audited, by an administrator with the right', async () => {
    const url = `/user/${cast.unmarked.id}`;
    const missing = await call('PUT', url, cookies.entitledAdmin, {
      securityMarking: 'Sekretessmarkering',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'securityMarkingReason', message: 'Skriv varför skyddsmarkeringen ändras.' },
    ]);
    const unknownMark = await call('PUT', url, cookies.entitledAdmin, {
      securityMarking: 'Hemlig',
      securityMarkingReason: 'Beslut från Skatteverket',
    });
    expect(unknownMark.statusCode).toBe(400);

    // Without the right: refused in Swedish, and names sent along are not changed either.
    const refused = await call('PUT', url, cookies.adminWithoutRight, {
      email: 'ny@exempelby.se',
      firstName: 'Ny',
      lastName: 'Elev',
      securityMarking: 'Sekretessmarkering',
      securityMarkingReason: 'Beslut från Skatteverket',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Bara den som har rätten att se skyddade personuppgifter kan ändra en skyddsmarkering.',
    );
    const unchanged = (await call('GET', url, cookies.entitledAdmin)).json();
    expect(unchanged).toMatchObject({ securityMarking: 'Ingen', email: null });
    const byTeacher = await call('PUT', url, teacher, {
      securityMarking: 'Sekretessmarkering',
      securityMarkingReason: 'Beslut från Skatteverket',
    });
    expect(byTeacher.statusCode).toBe(403);

    // Only the mark: an account without an e-mail address needs none sent.
    const set = await call('PUT', url, cookies.entitledAdmin, {
      securityMarking: 'Sekretessmarkering',
      securityMarkingReason: 'Beslut från Skatteverket',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      securityMarking: 'Sekretessmarkering',
      email: null,
      name: unchanged.name,
    });
    expect(await lastAudit('user.security-marking')).toMatchObject({
      actorUserId: cast.entitledAdmin.id,
      entityId: String(cast.unmarked.id),
      before: { securityMarking: 'Ingen' },
      after: { securityMarking: 'Sekretessmarkering', reason: 'Beslut från Skatteverket' },
    });
    // From now on those without the right no longer find the person.
    expect((await call('GET', url, cookies.adminWithoutRight)).statusCode).toBe(404);

    const cleared = await call('PUT', url, cookies.entitledAdmin, {
      email: 'elev@exempelby.se',
      firstName: unchanged.firstName,
      lastName: unchanged.lastName,
      securityMarking: 'Ingen',
      securityMarkingReason: 'Markeringen upphörde',
    });
    expect(cleared.json()).toMatchObject({ securityMarking: 'Ingen', email: 'elev@exempelby.se' });
    expect(await lastAudit('user.security-marking')).toMatchObject({
      before: { securityMarking: 'Sekretessmarkering' },
      after: { securityMarking: 'Ingen', reason: 'Markeringen upphörde' },
    });
    expect(await lastAudit('user.update')).toMatchObject({
      entityId: String(cast.unmarked.id),
      after: { email: 'elev@exempelby.se' },
    });
    expect((await call('GET', url, cookies.adminWithoutRight)).statusCode).toBe(200);
  });

  it('tells the screen who may change the mark', async () => {
    const as = async (cookie: string) =>
      (await call('GET', `/user/${cast.unmarked.id}`, cookie)).json().can.securityMarking;
    expect(await as(cookies.entitledAdmin)).toBe(true);
    expect(await as(cookies.adminWithoutRight)).toBe(false);
    expect(await as(cookies.rektor)).toBe(false);
  });
});
