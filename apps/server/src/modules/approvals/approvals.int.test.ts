import type { PostInput } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, feedTitles, postBody, postUrl, type Client } from '../../../test/posts-helpers';
import { auditLog, notifications, roles, userRoles } from '../../db/schema';

/**
 * Approval before publishing (issue 29): a rule that a post to a whole
 * school needs its rektor's approval; sending back with a comment; approving
 * only the version read; a post changed after approval waits again; one may
 * not approve one's own post; two approvers at once record one decision.
 */
let t: TestContext;
let admin: Client;
let teacherUser: TestUser;
let teacher: Client;
let pupil: Client;
let rektorUser: TestUser;
let rektor: Client;
let secondRektor: Client;
let otherRektor: Client;
let school: number;
let classId: number;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const lindang = await buildSchool(t, { name: 'Lindängsskolan' });
  const other = await buildSchool(t, { name: 'Ekbackens skola' });
  school = lindang.id;
  const klass = await buildClass(t, { school: lindang, name: '3A' });
  classId = klass.id;
  teacherUser = await buildUser(t, { role: 'role_teacher', school: lindang });
  teacher = await clientFor(t, teacherUser);
  pupil = await clientFor(t, await buildUser(t, { role: 'role_student', class: klass }));
  rektorUser = await buildUser(t, { role: 'role_school_responsible', school: lindang });
  rektor = await clientFor(t, rektorUser);
  secondRektor = await clientFor(
    t,
    await buildUser(t, { role: 'role_school_responsible', school: lindang }),
  );
  otherRektor = await clientFor(
    t,
    await buildUser(t, { role: 'role_school_responsible', school: other }),
  );
  admin = await clientFor(t, await buildUser(t, { role: 'role_admin' }));
  const rule = await admin('POST', '/api/core/v1/approval-rule', {
    name: 'Inlägg till en hel skola godkänns av rektor',
    audience: 'school-unit',
    approverRole: 'role_school_responsible',
    approverSameSchool: true,
  });
  expect(rule.statusCode, rule.body).toBe(201);
});
afterAll(() => t.close());

/** A news item to the school's pupils, aimed at the whole school unless told. */
const news = (title: string, overrides: Partial<PostInput> = {}): PostInput =>
  postBody({ title, nodeIds: [school], categoryIds: [4], ...overrides });

async function latestVersion(client: Client, id: number) {
  const versions = await client('GET', `${postUrl}/${id}/versions?perPage=1`);
  expect(versions.statusCode, versions.body).toBe(200);
  return versions.json()[0].number as number;
}

describe('approval before publishing', () => {
  it('holds a post to the whole school for the rektor, who sends it back, then approves it', async () => {
    const sent = await teacher('POST', postUrl, news('Skolfotografering på torsdag'));
    expect(sent.statusCode, sent.body).toBe(201);
    const post = sent.json();
    expect(post.status).toBe('pending');
    expect(await feedTitles(pupil)).not.toContain('Skolfotografering på torsdag');

    // The school's rektors are asked, in the portal and by mail; the other school's is not.
    const [asked] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.source, 'approval'));
    expect(asked!.subject).toBe('Att godkänna: Skolfotografering på torsdag');
    expect((asked!.audience as { userIds: number[] }).userIds).toContain(rektorUser.id);
    const queue = await rektor('GET', '/api/core/v1/approval');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.headers['x-pagination-total']).toBe('1');
    expect(queue.json()[0].post).toMatchObject({ id: post.id, status: 'pending' });
    expect(queue.json()[0].approval.requestedBy.id).toBe(teacherUser.id);
    expect((await otherRektor('GET', '/api/core/v1/approval')).json()).toEqual([]);
    expect((await otherRektor('GET', `${postUrl}/${post.id}/approval`)).statusCode).toBe(404);

    const version = await latestVersion(teacher, post.id);
    const noComment = await rektor('POST', `${postUrl}/${post.id}/return`, {
      version,
      comment: '  ',
    });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.body).toContain('Skriv vad som behöver ändras.');
    const returned = await rektor('POST', `${postUrl}/${post.id}/return`, {
      version,
      comment: 'Skriv vilken tid fotograferingen börjar.',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().status).toBe('draft');
    const state = (await teacher('GET', `${postUrl}/${post.id}/approval`)).json();
    expect(state).toMatchObject({
      state: 'returned',
      comment: 'Skriv vilken tid fotograferingen börjar.',
    });

    // Fixed and sent again: the rektor must decide on the new version, not the one she read.
    const resent = await teacher(
      'PUT',
      `${postUrl}/${post.id}`,
      news('Skolfotografering på torsdag kl. 9'),
    );
    expect(resent.json().status).toBe('pending');
    const stale = await rektor('POST', `${postUrl}/${post.id}/approve`, { version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('har ändrats sedan du öppnade det');
    const current = await latestVersion(teacher, post.id);
    const approved = await rektor('POST', `${postUrl}/${post.id}/approve`, { version: current });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('publish');
    expect(await feedTitles(pupil)).toContain('Skolfotografering på torsdag kl. 9');
    expect((await teacher('GET', `${postUrl}/${post.id}/approval`)).json().state).toBe('approved');
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(post.id)));
    expect(audits.map((row) => row.action)).toEqual(
      expect.arrayContaining(['post.approval-requested', 'post.returned', 'post.approved']),
    );

    // Changed after approval: it waits for approval again, out of the feed meanwhile.
    const changed = await teacher(
      'PUT',
      `${postUrl}/${post.id}`,
      news('Skolfotografering på fredag kl. 9'),
    );
    expect(changed.json().status).toBe('pending');
    expect(await feedTitles(pupil)).not.toContain('Skolfotografering på torsdag kl. 9');
  });

  it('tells a writer beforehand whether publishing waits for approval, and for whom', async () => {
    const toSchool = await teacher('POST', '/api/core/v1/approval/check', {
      type: 'news',
      nodeIds: [school],
    });
    expect(toSchool.statusCode, toSchool.body).toBe(200);
    expect(toSchool.json()).toMatchObject({
      required: true,
      rule: { name: 'Inlägg till en hel skola godkänns av rektor' },
    });
    expect(toSchool.json().approvers.map((person: { id: number }) => person.id)).toContain(
      rektorUser.id,
    );
    const toClass = await teacher('POST', '/api/core/v1/approval/check', {
      type: 'news',
      nodeIds: [classId],
    });
    expect(toClass.json()).toEqual({ required: false, rule: null, approvers: [] });
    expect(
      (
        await rektor('POST', '/api/core/v1/approval/check', { type: 'news', nodeIds: [school] })
      ).json().required,
    ).toBe(false);
    const bad = await teacher('POST', '/api/core/v1/approval/check', { type: 'nyhet' });
    expect(bad.statusCode).toBe(400);
  });

  it('publishes what no rule covers, and a rektor’s own post to her school, at once', async () => {
    const toClass = await teacher(
      'POST',
      postUrl,
      news('Läxa till måndag', { nodeIds: [classId] }),
    );
    expect(toClass.json().status).toBe('publish');
    const own = await rektor('POST', postUrl, news('Rektorn hälsar välkommen'));
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().status).toBe('publish');
  });

  it('refuses approving one’s own post, and records one decision for two approvers at once', async () => {
    const sent = (await teacher('POST', postUrl, news('Friluftsdag'))).json();
    const version = await latestVersion(teacher, sent.id);
    // The teacher becomes a rektor while the post waits: still not hers to approve.
    const [rektorRole] = await t.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.key, 'role_school_responsible'));
    await t.db.insert(userRoles).values({ userId: teacherUser.id, roleId: rektorRole!.id });
    const own = await teacher('POST', `${postUrl}/${sent.id}/approve`, { version });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Du kan inte godkänna ditt eget inlägg.');
    await t.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, teacherUser.id), eq(userRoles.roleId, rektorRole!.id)));

    const answers = await Promise.all([
      rektor('POST', `${postUrl}/${sent.id}/approve`, { version }),
      secondRektor('POST', `${postUrl}/${sent.id}/approve`, { version }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const approvals = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(sent.id)), eq(auditLog.action, 'post.approved')));
    expect(approvals).toHaveLength(1);
  });
});

describe('approval rules', () => {
  it('are the administrators’, name roles that exist and someone holds, and are audited', async () => {
    const body = {
      name: 'Elevers inlägg',
      authorRoles: ['role_student'],
      approverRole: 'role_teacher',
    };
    expect((await teacher('GET', '/api/core/v1/approval-rule')).statusCode).toBe(403);
    expect((await rektor('POST', '/api/core/v1/approval-rule', body)).statusCode).toBe(403);

    const unknown = await admin('POST', '/api/core/v1/approval-rule', {
      ...body,
      approverRole: 'role_finns_inte',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'approverRole', message: 'Rollen finns inte.' },
    ]);
    const nobody = await admin('POST', '/api/core/v1/approval-rule', {
      ...body,
      approverRole: 'role_superadmin',
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().errors[0].message).toContain('Ingen har rollen');

    const created = await admin('POST', '/api/core/v1/approval-rule', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const updated = await admin('PUT', `/api/core/v1/approval-rule/${id}`, {
      ...body,
      postTypes: ['news', 'news'],
    });
    expect(updated.json()).toMatchObject({ postTypes: ['news'], audience: 'any' });
    expect((await admin('GET', '/api/core/v1/approval-rule')).json()).toHaveLength(2);
    expect((await admin('DELETE', `/api/core/v1/approval-rule/${id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/core/v1/approval-rule/${id}`)).statusCode).toBe(404);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'approval-rule'), eq(auditLog.entityId, String(id))));
    expect(audits.map((row) => row.action).sort()).toEqual([
      'approval-rule.created',
      'approval-rule.deleted',
      'approval-rule.updated',
    ]);
  });
});

describe('who is an approver', () => {
  it('is told to the web app: holders of a role a rule names, not others', async () => {
    expect((await rektor('GET', '/api/core/v1/user')).json().isApprover).toBe(true);
    expect((await teacher('GET', '/api/core/v1/user')).json().isApprover).toBe(false);
    expect((await pupil('GET', '/api/core/v1/user')).json().isApprover).toBe(false);
  });
});

describe('the API document', () => {
  it('lists the queue, the decisions and the rules, and the status `pending`', async () => {
    const response = await teacher('GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const methods = (path: string) => Object.keys(document.paths[`/api/core/v1${path}`] ?? {});
    expect(methods('/approval')).toEqual(['get']);
    expect(Object.keys(document.paths['/api/core/v1/approval']!.get!.responses)).toContain('200');
    expect(JSON.stringify(document.paths['/api/core/v1/approval'])).toContain('x-pagination-total');
    expect(methods('/approval/check')).toEqual(['post']);
    expect(methods('/post/{id}/approval')).toEqual(['get']);
    expect(methods('/post/{id}/approve')).toEqual(['post']);
    expect(methods('/post/{id}/return')).toEqual(['post']);
    expect(Object.keys(document.paths['/api/core/v1/post/{id}/approve']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '403', '404', '409']),
    );
    expect(methods('/approval-rule').sort()).toEqual(['get', 'post']);
    expect(methods('/approval-rule/{id}').sort()).toEqual(['delete', 'put']);
    expect(JSON.stringify(document)).toMatch(/"enum":\[[^\]]*"pending"/);
  });
});
