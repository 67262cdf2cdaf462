import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, fullName, signIn, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  accountLinks,
  auditLog,
  importRuns,
  nodes,
  roles,
  userNodes,
  userRoles,
  users,
} from '../../db/schema';
import { sampleFile, snapshot, waitForRun } from './import-test-helpers';

let t: TestContext;
let adminUser: TestUser;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  adminUser = await buildUser(t, { role: 'role_admin' });
  admin = await signIn(t.app, adminUser);
});
afterAll(() => t.close());

const upload = (body: string | object, cookie: string | undefined = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/core/v1/ss12000-import/file',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function importFile(body: object) {
  const started = await upload(body);
  expect(started.statusCode, started.body).toBe(202);
  return waitForRun(t, admin, started.json().id);
}

const userByExternalId = async (externalId: string) =>
  (await t.db.select().from(users).where(eq(users.externalId, externalId)))[0]!;
const nodeByExternalId = async (externalId: string) =>
  (await t.db.select().from(nodes).where(eq(nodes.externalId, externalId)))[0]!;
const isMember = async (userId: number, nodeId: number) =>
  (
    await t.db
      .select()
      .from(userNodes)
      .where(and(eq(userNodes.userId, userId), eq(userNodes.nodeId, nodeId)))
  ).length === 1;

describe('refusals, with the database unchanged', () => {
  it('climbs 401 → 400 → 403 and turns away hostile files', async () => {
    const teacher = await signIn(t.app, await buildUser(t));
    const rektor = await signIn(t.app, await buildUser(t, { role: 'role_school_responsible' }));
    const before = await snapshot(t);
    expect((await upload(sampleFile(), '')).statusCode).toBe(401);

    const notJson = await upload('{"persons": [');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('Begäran innehåller ogiltig JSON.');

    const deep = await upload('{"persons":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}');
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      code: 'IMPORT_TOO_DEEP',
      message: 'Filen är för djupt nästlad för att vara en SS 12000-fil.',
    });

    const huge = await upload(`{"persons":[],"pad":"${'x'.repeat(50 * 1024 * 1024)}"}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Begäran är för stor.');

    const file = sampleFile();
    const wrong = await upload({
      ...file,
      persons: [
        { ...file.persons[0], givenName: '' },
        { id: 'x', familyName: 7 },
      ],
      groups: 'alla',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'groups', message: 'Fel typ av värde' },
        { field: 'persons.0.givenName', message: 'Fältet måste vara ifyllt' },
        { field: 'persons.1.familyName', message: 'Fel typ av värde' },
      ]),
    );

    expect((await upload(sampleFile(), teacher)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/core/v1/ss12000-import', headers: { cookie: rektor } }))
        .statusCode,
    ).toBe(403);
    expect(await snapshot(t)).toEqual(before);
  });

  it('runs one import at a time', async () => {
    const [running] = await t.db
      .insert(importRuns)
      .values({ source: 'file', state: 'running', heartbeatAt: new Date() })
      .returning();
    const refused = await upload(sampleFile());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('En import pågår redan. Vänta tills den är klar.');
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/ss12000-import/api',
      headers: { cookie: admin },
    });
    expect(api.statusCode).toBe(409);
    expect(api.json().message).toBe('Inget API för skolregistret är inställt (SS12000_API_URL).');
    await t.db.delete(importRuns).where(eq(importRuns.id, running!.id));
  });
});

describe('importing the sample file', () => {
  it('creates schools, groups, accounts, memberships, guardians and role categories', async () => {
    const run = await importFile(sampleFile());
    expect(run).toMatchObject({
      state: 'succeeded',
      progress: 100,
      source: 'file',
      createdBy: { name: fullName(adminUser) },
    });
    expect(run.report.read).toEqual({ organisations: 4, groups: 30, persons: 314, duties: 24 });
    expect(run.report.counts).toMatchObject({
      nodesCreated: 30,
      nodesUpdated: 0,
      usersCreated: 312,
      usersUpdated: 0,
      accountLinksAdded: expect.any(Number),
      categoryLinksAdded: 6,
    });
    expect(run.report.counts.rolesAdded).toBe(312 + 3);
    expect(run.report.warningCount).toBe(3);

    const file = sampleFile();
    const klass = file.groups.find((group) => group.groupType === 'Klass')!;
    const classNode = await nodeByExternalId(klass.id);
    expect(classNode).toMatchObject({ name: klass.displayName, type: 'Klass', main: true });
    const school = await nodeByExternalId(
      (klass as unknown as { organisation: { id: string } }).organisation.id,
    );
    expect(classNode.parentId).toBe(school.id);
    expect(school).toMatchObject({ type: 'Skolenhet', parentId: 1 });

    // The first student's guardian also teaches; the third has a guardian account of their own.
    const studentId = klass.groupMemberships[2]!.person.id;
    const student = await userByExternalId(studentId);
    expect(await isMember(student.id, classNode.id)).toBe(true);
    expect(await isMember(student.id, school.id)).toBe(true);
    expect(student.passwordHash).toBeNull();

    const guardian = file.persons.find((person) =>
      (
        person._embedded as { responsibleFor?: { person: { id: string } }[] } | undefined
      )?.responsibleFor?.some((relation) => relation.person.id === studentId),
    )!;
    const guardianUser = await userByExternalId(guardian.id as string);
    const links = await t.db
      .select()
      .from(accountLinks)
      .where(eq(accountLinks.userId, guardianUser.id));
    expect(links).toContainEqual({
      userId: guardianUser.id,
      relatedUserId: student.id,
      relation: 'child',
    });

    const rektor = await userByExternalId(
      (file.duties.find((duty) => duty.dutyRole === 'Rektor')!.person as { id: string }).id,
    );
    const rektorRoles = await t.db
      .select({ key: roles.key })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, rektor.id));
    expect(rektorRoles.map((role) => role.key).sort()).toEqual([
      'role_employee',
      'role_school_responsible',
    ]);

    // Signing in and the role picker see the imported guardian as a parent of the student.
    const related = await t.app.inject({
      url: `/api/core/v1/user/${guardianUser.id}`,
      headers: { cookie: admin },
    });
    expect(related.json().children.map((child: { id: number }) => child.id)).toContain(student.id);
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot(t);
    const run = await importFile(sampleFile());
    expect(run.state).toBe('succeeded');
    expect(Object.values(run.report.counts)).toEqual(Array(11).fill(0));
    expect(await snapshot(t)).toEqual({ ...before, importRuns: before.importRuns! + 1 });
  });

  it('follows the source: renames, new people, a student leaving a group — and deletes nothing else', async () => {
    const file = sampleFile();
    const klass = file.groups.find((group) => group.groupType === 'Klass')!;
    const teaching = file.groups.find((group) => group.groupType === 'Undervisning')!;
    const leaving = teaching.groupMemberships.at(-1)!.person.id;
    const renamed = file.persons.find(
      (person) => person.id === klass.groupMemberships[1]!.person.id,
    )!;

    // An account made by hand in the portal, added by hand to an imported group, stays there.
    const [manual] = await t.db
      .insert(users)
      .values({ uid: 'manuell', username: 'manuell', firstName: 'Manuel', lastName: 'Hand' })
      .returning();
    const teachingNode = await nodeByExternalId(teaching.id);
    await t.db.insert(userNodes).values({ userId: manual!.id, nodeId: teachingNode.id });

    klass.displayName = `${klass.displayName} (ny)`;
    teaching.groupMemberships = teaching.groupMemberships.slice(0, -1);
    renamed.familyName = 'Nybergsson';
    file.persons.push({
      id: 'ny-elev-1',
      givenName: 'Nova',
      familyName: 'Ny',
      eduPersonPrincipalNames: ['nova.ny@elev.exempelby.se'],
    });
    klass.groupMemberships.push({ person: { id: 'ny-elev-1' } });
    const before = await snapshot(t);

    const run = await importFile(file);
    expect(run.report.counts).toEqual({
      nodesCreated: 0,
      nodesUpdated: 1,
      usersCreated: 1,
      usersUpdated: 1,
      rolesAdded: 1,
      membershipsAdded: 1,
      membershipsRemoved: 1,
      usersDisabled: 0,
      usersEnabled: 0,
      accountLinksAdded: 0,
      categoryLinksAdded: 0,
    });
    expect((await nodeByExternalId(klass.id)).name).toBe(klass.displayName);
    expect((await userByExternalId(renamed.id as string)).lastName).toBe('Nybergsson');
    const leaver = await userByExternalId(leaving);
    expect(await isMember(leaver.id, teachingNode.id)).toBe(false);
    expect(await isMember(leaver.id, (await nodeByExternalId(klass.id)).id)).toBe(true);
    expect(await isMember(manual!.id, teachingNode.id)).toBe(true);
    expect(await snapshot(t)).toEqual({
      ...before,
      users: before.users! + 1,
      userRoles: before.userRoles! + 1,
      importRuns: before.importRuns! + 1,
    });
  });

  it('lists runs newest first with their reports', async () => {
    const list = await t.app.inject({
      url: '/api/core/v1/ss12000-import?perPage=2',
      headers: { cookie: admin },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-pagination-total']).toBe('3');
    expect(list.json()[0].report.counts.usersCreated).toBe(1);
    const audit = await t.app.inject({
      url: '/api/core/v1/audit?action=import.run',
      headers: { cookie: admin },
    });
    expect(audit.json()).toHaveLength(3);
  });

  it('each run is a background job in /api/intranet-jobs/v1/job, done in full', async () => {
    const [latest] = (
      await t.app.inject({
        url: '/api/core/v1/ss12000-import?perPage=1',
        headers: { cookie: admin },
      })
    ).json();
    const jobs = await t.app.inject({
      url: '/api/intranet-jobs/v1/job?name[]=ss12000-import.run&sort=createdAt%20DESC',
      headers: { cookie: admin },
    });
    expect(jobs.headers['x-pagination-total']).toBe('3');
    expect(jobs.json()[0]).toMatchObject({
      state: 'completed',
      data: { runId: latest.id },
      progress: 100,
      attempts: 1,
      error: null,
    });
  });
});

describe('protected identities (Person.securityMarking)', () => {
  type Person = Record<string, unknown> & { id: string; givenName: string; familyName: string };
  const personIn = (file: ReturnType<typeof sampleFile>, id: string) =>
    file.persons.find((person) => person.id === id)! as Person;
  const markOf = async (externalId: string) => (await userByExternalId(externalId)).securityMarking;
  const markAudits = async (userId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'user.security-marking'), eq(auditLog.entityId, String(userId))),
      )
      .orderBy(auditLog.id);

  // A pupil, and a teacher who is also a guardian (two accounts of one person).
  const base = sampleFile();
  const klass = base.groups.find((group) => group.groupType === 'Klass')!;
  const pupilId = klass.groupMemberships[3]!.person.id;
  const teacherId = (
    base.persons.find(
      (person) =>
        base.duties.some(
          (duty) => (duty.person as { id: string }).id === person.id && duty.dutyRole === 'Lärare',
        ) && (person._embedded as { responsibleFor?: unknown[] } | undefined)?.responsibleFor,
    ) as Person
  ).id;
  const markedFile = () => {
    const file = sampleFile();
    personIn(file, pupilId).securityMarking = 'Skyddad folkbokföring';
    personIn(file, teacherId).securityMarking = 'Sekretessmarkering';
    return file;
  };

  it('takes new marks to both accounts of the person, and audits each', async () => {
    const run = await importFile(markedFile());
    expect(run.state).toBe('succeeded');
    expect(await markOf(pupilId)).toBe('Skyddad folkbokföring');
    expect(await markOf(teacherId)).toBe('Sekretessmarkering');
    expect(await markOf(`${teacherId}#vardnadshavare`)).toBe('Sekretessmarkering');
    // Unmarked people stay unmarked.
    expect(await markOf(klass.groupMemberships[4]!.person.id)).toBe('Ingen');
    const pupil = await userByExternalId(pupilId);
    expect(await markAudits(pupil.id)).toMatchObject([
      {
        actorUserId: adminUser.id,
        before: { securityMarking: 'Ingen' },
        after: { securityMarking: 'Skyddad folkbokföring', importRunId: run.id },
      },
    ]);

    const again = await importFile(markedFile());
    expect(again.report.counts.usersUpdated).toBe(0);
    expect(await markAudits(pupil.id)).toHaveLength(1);
  });

  it('creates a new person with their mark; keeps the portal’s mark where the source has none', async () => {
    const file = markedFile();
    file.persons.push({
      id: 'skyddad-ny-1',
      givenName: 'Siri',
      familyName: 'Skyddsdottir',
      securityMarking: 'Skyddad folkbokföring',
      eduPersonPrincipalNames: ['siri.s@elev.exempelby.se'],
    });
    (file.groups.find((group) => group.id === klass.id)!.groupMemberships as unknown[]).push({
      person: { id: 'skyddad-ny-1' },
    });
    const unsaid = klass.groupMemberships[5]!.person.id;
    await t.db
      .update(users)
      .set({ securityMarking: 'Sekretessmarkering' })
      .where(eq(users.externalId, unsaid));
    await importFile(file);
    expect(await markOf('skyddad-ny-1')).toBe('Skyddad folkbokföring');
    expect(await markOf(unsaid)).toBe('Sekretessmarkering');
  });

  it('follows a changed mark, and a cleared one with a warning that does not name the person', async () => {
    const file = markedFile();
    personIn(file, teacherId).securityMarking = 'Skyddad folkbokföring';
    const pupil = personIn(file, pupilId);
    pupil.securityMarking = 'Ingen';
    const run = await importFile(file);
    expect(await markOf(teacherId)).toBe('Skyddad folkbokföring');
    expect(await markOf(`${teacherId}#vardnadshavare`)).toBe('Skyddad folkbokföring');
    expect(await markOf(pupilId)).toBe('Ingen');
    expect(run.report.warnings).toContain(
      `En person med skyddad identitet (id ${pupilId}) har inte längre någon skyddsmarkering i skolregistret, så markeringen togs bort i portalen.`,
    );
    expect(JSON.stringify(run)).not.toContain(pupil.familyName);
    const teacher = await userByExternalId(teacherId);
    expect((await markAudits(teacher.id)).at(-1)).toMatchObject({
      before: { securityMarking: 'Sekretessmarkering' },
      after: { securityMarking: 'Skyddad folkbokföring' },
    });
  });

  it('names a protected person in the report by their source id only', async () => {
    const file = markedFile();
    // No role: a person the import gives no account; a guardian of a child the source lacks.
    file.persons.push(
      {
        id: 'skyddad-utan-roll',
        givenName: 'Hemliga',
        familyName: 'Rollösa',
        securityMarking: 'Sekretessmarkering',
      },
      {
        id: 'oskyddad-utan-roll',
        givenName: 'Öppna',
        familyName: 'Rollösa',
      },
    );
    const guardian = personIn(file, teacherId);
    (guardian._embedded as { responsibleFor: unknown[] }).responsibleFor.push({
      person: { id: 'barn-som-saknas' },
    });
    // A pupil whose user id an account made by hand already holds.
    await t.db
      .insert(users)
      .values({ uid: 'tagen.skyddad', username: 'tagen.skyddad', firstName: 'X', lastName: 'Y' });
    file.persons.push({
      id: 'skyddad-tagen',
      givenName: 'Tagna',
      familyName: 'Skyddsson',
      securityMarking: 'Skyddad folkbokföring',
      eduPersonPrincipalNames: ['tagen.skyddad'],
    });
    (file.groups.find((group) => group.id === klass.id)!.groupMemberships as unknown[]).push({
      person: { id: 'skyddad-tagen' },
    });

    const run = await importFile(file);
    expect(run.report.warnings).toEqual(
      expect.arrayContaining([
        'En person med skyddad identitet (id skyddad-utan-roll) har ingen tjänst, inskrivning, grupp eller vårdnad och fick inget konto.',
        'Öppna Rollösa har ingen tjänst, inskrivning, grupp eller vårdnad och fick inget konto.',
        `En person med skyddad identitet (id ${teacherId}) är vårdnadshavare för ett barn som saknas i underlaget (barn-som-saknas).`,
        'En person med skyddad identitet (id skyddad-tagen) fick inget konto: användar-id:t används redan av ett konto som inte kommer från skolregistret.',
      ]),
    );
    const report = JSON.stringify(run);
    for (const secret of ['Hemliga', 'Tagna', 'tagen.skyddad', guardian.familyName]) {
      expect(report).not.toContain(secret);
    }
  });
});
