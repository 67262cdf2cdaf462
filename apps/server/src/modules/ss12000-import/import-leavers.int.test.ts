import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, testPassword, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { auditLog, roles, userRoles, users } from '../../db/schema';
import { sampleFile, waitForRun } from './import-test-helpers';

let t: TestContext;
let adminUser: TestUser;
let admin: string;
/** An account made in the portal with an id of the source, which no import has kept. */
let neverImported: TestUser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  adminUser = await buildUser(t, { role: 'role_admin' });
  admin = await signIn(t.app, adminUser);
  neverImported = await buildUser(t, { externalId: 'kalla-person-utan-import' });
  const first = await importFile(sampleFile());
  expect(first.state).toBe('succeeded');
});
afterAll(() => t.close());

type SampleFile = ReturnType<typeof sampleFile>;

async function importFile(body: object, leavers?: string) {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/core/v1/ss12000-import/file${leavers ? `?leavers=${leavers}` : ''}`,
    headers: { 'content-type': 'application/json', cookie: admin },
    payload: JSON.stringify(body),
  });
  expect(started.statusCode, started.body).toBe(202);
  return waitForRun(t, admin, started.json().id);
}

/** The sample without these people: as if they had left every school. */
function without(file: SampleFile, personIds: readonly string[]): SampleFile {
  const gone = new Set(personIds);
  return {
    ...file,
    persons: file.persons.filter((person) => !gone.has(person.id as string)),
    groups: file.groups.map((group) => ({
      ...group,
      groupMemberships: group.groupMemberships.filter(
        (membership) => !gone.has(membership.person.id),
      ),
    })),
  };
}

const pupilsOf = (file: SampleFile) =>
  file.groups
    .filter((group) => group.groupType === 'Klass')
    .flatMap((group) => group.groupMemberships.map((membership) => membership.person.id));

const account = async (externalId: string) =>
  (await t.db.select().from(users).where(eq(users.externalId, externalId)))[0]!;

const disabledByImport = async () =>
  (
    await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.disabledByImport, true), isNotNull(users.disabledAt)))
  ).map((row) => row.id);

/** Gives an imported account (which signs in through single sign-on) the factories' password. */
async function withPassword(userId: number) {
  const [built] = await t.db.select().from(users).where(eq(users.id, adminUser.id));
  await t.db.update(users).set({ passwordHash: built!.passwordHash }).where(eq(users.id, userId));
}

describe('accounts whose person the source no longer lists', () => {
  it('are disabled, their sessions ended, and audited; accounts no import kept are not touched', async () => {
    const file = sampleFile();
    const pupilId = pupilsOf(file)[5]!;
    const pupil = await account(pupilId);
    await withPassword(pupil.id);
    const session = await signIn(t.app, { username: pupil.username, password: testPassword });
    // A guardian whose only child left has no business in the portal either.
    const onlyChildOf = file.persons.filter((person) => {
      const children = (person._embedded as { responsibleFor?: { person: { id: string } }[] })
        ?.responsibleFor;
      return children?.length && children.every((relation) => relation.person.id === pupilId);
    });
    expect(onlyChildOf.length).toBeGreaterThan(0);

    const run = await importFile(without(file, [pupilId]));
    expect(run.state).toBe('succeeded');
    expect(run.leavers).toBe('disable');
    expect(run.report.counts).toMatchObject({
      usersDisabled: 1 + onlyChildOf.length,
      usersEnabled: 0,
    });
    for (const guardian of onlyChildOf) {
      expect((await account(guardian.id as string)).disabledAt).not.toBeNull();
    }

    const after = await account(pupilId);
    expect(after.disabledAt).not.toBeNull();
    expect(after.disabledByImport).toBe(true);
    expect(after.disabledReason).toBe(`Finns inte längre i skolregistret (import ${run.id}).`);
    const me = await t.app.inject({ url: '/api/core/v1/user', headers: { cookie: session } });
    expect(me.statusCode).toBe(401);
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      payload: { username: pupil.username, password: testPassword },
    });
    expect(signInAgain.statusCode).toBe(403);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.disable'), eq(auditLog.entityId, String(pupil.id))));
    expect(entry).toMatchObject({
      actorUserId: adminUser.id,
      after: { disabled: true, importRunId: run.id },
    });
    // It has an external id too, which the source does not list, but no import ever kept it.
    const [untouched] = await t.db.select().from(users).where(eq(users.id, neverImported.id));
    expect(untouched).toMatchObject({ disabledAt: null, disabledByImport: false });
  });

  it('are enabled again when the source lists them again', async () => {
    const disabled = await disabledByImport();
    expect(disabled.length).toBeGreaterThan(1);
    const run = await importFile(sampleFile());
    expect(run.report.counts).toMatchObject({ usersDisabled: 0, usersEnabled: disabled.length });
    expect(await disabledByImport()).toEqual([]);
    const [back] = await t.db.select().from(users).where(eq(users.id, disabled[0]!));
    expect(back).toMatchObject({ disabledAt: null, disabledReason: null, disabledByImport: false });
  });

  it('stay enabled when the run says keep, with a warning', async () => {
    const file = sampleFile();
    const run = await importFile(without(file, [pupilsOf(file)[6]!]), 'keep');
    expect(run.leavers).toBe('keep');
    expect(run.report.counts.usersDisabled).toBe(0);
    expect(run.report.warnings[0]).toMatch(
      /^\d+ importerade konton finns inte längre i underlaget och lämnades påslagna, enligt valet för körningen\.$/,
    );
    expect(await disabledByImport()).toEqual([]);
  });

  it('are not disabled when so many are missing that the source looks incomplete — unless the run says so', async () => {
    const file = sampleFile();
    const leaving = pupilsOf(file).slice(0, 100);
    const partial = without(file, leaving);

    const guarded = await importFile(partial);
    expect(guarded.state).toBe('succeeded');
    expect(guarded.report.counts.usersDisabled).toBe(0);
    expect(
      guarded.report.warnings.some((warning: string) =>
        /importerade konton finns inte längre i underlaget\. Så många på en gång/.test(warning),
      ),
    ).toBe(true);
    expect(await disabledByImport()).toEqual([]);

    const forced = await importFile(partial, 'disable-many');
    expect(forced.report.counts.usersDisabled).toBeGreaterThanOrEqual(100);
    const disabled = await disabledByImport();
    expect(disabled).toHaveLength(forced.report.counts.usersDisabled);
    for (const externalId of leaving.slice(0, 3)) {
      expect(disabled).toContain((await account(externalId)).id);
    }

    const whole = await importFile(sampleFile());
    expect(whole.report.counts.usersEnabled).toBe(disabled.length);
    expect(await disabledByImport()).toEqual([]);
  });

  it('leave administrators enabled, and a hand-made decision stands', async () => {
    const file = sampleFile();
    const [first, second, third] = pupilsOf(file).slice(10, 13) as [string, string, string];
    const [adminRole] = await t.db.select().from(roles).where(eq(roles.key, 'role_admin'));
    const promoted = await account(first);
    await t.db.insert(userRoles).values({ userId: promoted.id, roleId: adminRole!.id });
    // Disabled by hand: the import never enables it.
    const byHand = await account(second);
    const disable = await t.app.inject({
      method: 'POST',
      url: `/api/core/v1/user/${byHand.id}/disable`,
      headers: { cookie: admin },
      payload: { reason: 'Utredning pågår' },
    });
    expect(disable.statusCode, disable.body).toBe(200);

    const run = await importFile(without(file, [first, third]));
    expect(run.report.counts.usersDisabled).toBeGreaterThanOrEqual(1);
    expect((await account(third)).disabledByImport).toBe(true);
    expect(run.report.warnings).toContain(
      `${promoted.firstName} ${promoted.lastName} finns inte längre i underlaget men är administratör, så kontot stängdes inte av.`,
    );
    expect((await account(first)).disabledAt).toBeNull();
    expect(await account(second)).toMatchObject({
      disabledReason: 'Utredning pågår',
      disabledByImport: false,
    });

    // Enabled by hand after the import disabled it: out of the import's care until listed again.
    const leaver = await account(third);
    const enable = await t.app.inject({
      method: 'POST',
      url: `/api/core/v1/user/${leaver.id}/enable`,
      headers: { cookie: admin },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    expect(await account(third)).toMatchObject({ disabledAt: null, importedAt: null });
    const again = await importFile(without(file, [first, third]));
    expect(again.report.counts.usersDisabled).toBe(0);
    expect((await account(third)).disabledAt).toBeNull();

    await importFile(file);
    expect((await account(third)).importedAt).not.toBeNull();
    expect((await account(second)).disabledAt).not.toBeNull();
  });

  it('name a protected administrator who left by their source id only', async () => {
    const file = sampleFile();
    const gone = pupilsOf(file)[20]!;
    const [adminRole] = await t.db.select().from(roles).where(eq(roles.key, 'role_admin'));
    const leaver = await account(gone);
    await t.db.insert(userRoles).values({ userId: leaver.id, roleId: adminRole!.id });
    await t.db
      .update(users)
      .set({ securityMarking: 'Skyddad folkbokföring' })
      .where(eq(users.id, leaver.id));

    const run = await importFile(without(file, [gone]));
    expect(run.report.warnings).toContain(
      `En person med skyddad identitet (id ${gone}) finns inte längre i underlaget men är administratör, så kontot stängdes inte av.`,
    );
    expect(JSON.stringify(run)).not.toContain(`${leaver.firstName} ${leaver.lastName}`);
    await importFile(file);
  });

  it('refuses an unknown choice with a Swedish message', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/ss12000-import/file?leavers=all',
      headers: { 'content-type': 'application/json', cookie: admin },
      payload: JSON.stringify(sampleFile()),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('leavers');
  });
});
