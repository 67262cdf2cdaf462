import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { protectedIdentityName, type AuditEntryResponse } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullName, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  buildOnlookers,
  buildProtectedCast,
  clientsOf,
  expectNamed,
  expectNoTraceIn,
  expectNoTraceOf,
  type Onlookers,
  type ProtectedCast,
} from '../../../test/protected-people';
import { exportPendingAudit } from './audit-export';
import { recordAudit } from './audit.repo';

/**
 * The audit log and people with a protected identity (decision 0039): an
 * administrator without view_protected_identity reads "Skyddad identitet"
 * for such an actor and not what an entry about them changed; one with the
 * right reads everything; the log system gets them by id only.
 */
let t: TestContext;
let cast: ProtectedCast;
let onlookers: Onlookers;
let call: Awaited<ReturnType<typeof clientsOf<string>>>;
/** The protected pupil as her guardian's record named her before a change of name. */
const formerName = { firstName: 'Sigrun', lastName: 'Förrasdotter', username: 'sigrun.forra' };

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  onlookers = await buildOnlookers(t, cast);
  const { markedTeacher, protectedPupil } = cast;
  // The teacher corrects her own details; the pupil comments in a session the teacher masks.
  await recordAudit(t.db, {
    actorUserId: markedTeacher.id,
    action: 'user.details-updated',
    entityType: 'user',
    entityId: markedTeacher.id,
    before: { email: markedTeacher.email, firstName: 'Sigrun', lastName: markedTeacher.lastName },
    after: {
      email: markedTeacher.email,
      firstName: markedTeacher.firstName,
      lastName: markedTeacher.lastName,
    },
  });
  await recordAudit(t.db, {
    actorUserId: protectedPupil.id,
    realUserId: markedTeacher.id,
    action: 'comment.created',
    entityType: 'comment',
    entityId: 1,
    after: { postId: 1 },
  });
  // An entry about someone unprotected keeps what it changed.
  await recordAudit(t.db, {
    actorUserId: onlookers.teacher.id,
    action: 'user.details-updated',
    entityType: 'user',
    entityId: onlookers.teacher.id,
    after: { firstName: onlookers.teacher.firstName, lastName: onlookers.teacher.lastName },
  });
  // Entries about someone else that quote the protected pupil, as entries written before
  // decision 0039 could: her guardian's record listing her (under the name she had then),
  // a course's attendee written out, a sign-in tried with her username.
  await recordAudit(t.db, {
    actorUserId: onlookers.admin.id,
    action: 'user.update',
    entityType: 'user',
    entityId: cast.guardian.id,
    before: {
      firstName: cast.guardian.firstName,
      children: [{ id: protectedPupil.id, ...formerName }],
    },
    after: {
      firstName: cast.guardian.firstName,
      children: [{ userId: protectedPupil.id, name: fullName(protectedPupil) }],
    },
  });
  await recordAudit(t.db, {
    actorUserId: onlookers.teacher.id,
    action: 'course.attendee.added',
    entityType: 'course',
    entityId: 7,
    after: {
      key: String(protectedPupil.id),
      note: `${fullName(onlookers.teacher)} bokade ${fullName(protectedPupil)} (${protectedPupil.email!.toUpperCase()})`,
      attendee: { firstName: protectedPupil.firstName, lastName: protectedPupil.lastName },
      names: [protectedPupil.lastName, onlookers.teacher.lastName],
    },
  });
  await recordAudit(t.db, {
    actorUserId: protectedPupil.id,
    action: 'session.login-failed',
    entityType: 'user',
    entityId: protectedPupil.username,
  });
  call = await clientsOf(t, {
    admin: onlookers.admin,
    adminWithoutRight: onlookers.adminWithoutTheRight,
  });
});
afterAll(() => t?.close());

const entriesOf = (list: AuditEntryResponse[], action: string) =>
  list.filter((entry) => entry.action === action);
const aboutUser = (list: AuditEntryResponse[], user: TestUser) =>
  entriesOf(list, 'user.details-updated').find((entry) => entry.entityId === String(user.id));

describe('the audit log as administrators read it', () => {
  it('shows a protected actor as "Skyddad identitet" and withholds what an entry about them changed', async () => {
    const response = await call.adminWithoutRight!('GET', '/api/core/v1/audit?perPage=100');
    expect(response.statusCode, response.body).toBe(200);
    expectNoTraceOf(response, [cast.markedTeacher, cast.protectedPupil]);
    const list = response.json() as AuditEntryResponse[];
    expect(aboutUser(list, onlookers.teacher)).toMatchObject({
      actor: { id: onlookers.teacher.id, name: fullName(onlookers.teacher) },
      after: { firstName: onlookers.teacher.firstName },
    });
    expect(aboutUser(list, cast.markedTeacher)).toMatchObject({
      actor: { id: cast.markedTeacher.id, name: protectedIdentityName },
      entityId: String(cast.markedTeacher.id),
      before: null,
      after: null,
    });
    expect(entriesOf(list, 'comment.created')[0]).toMatchObject({
      actor: { id: cast.protectedPupil.id, name: protectedIdentityName },
      maskedBy: { id: cast.markedTeacher.id, name: protectedIdentityName },
      after: { postId: 1 },
    });
  });

  it('leaves a protected person out of what entries about others say of her, by id and by name', async () => {
    const response = await call.adminWithoutRight!('GET', '/api/core/v1/audit?perPage=100');
    expectNoTraceIn(response.body, [{ ...cast.protectedPupil, ...formerName }], 'the audit log');
    const list = response.json() as AuditEntryResponse[];
    const hidden = protectedIdentityName;
    expect(entriesOf(list, 'user.update')[0]).toMatchObject({
      entityId: String(cast.guardian.id),
      before: {
        firstName: cast.guardian.firstName,
        children: [
          { id: cast.protectedPupil.id, firstName: hidden, lastName: hidden, username: null },
        ],
      },
      after: { children: [{ userId: cast.protectedPupil.id, name: hidden }] },
    });
    expect(entriesOf(list, 'course.attendee.added')[0]!.after).toEqual({
      key: String(cast.protectedPupil.id),
      note: `${fullName(onlookers.teacher)} bokade ${hidden} (${hidden})`,
      attendee: { firstName: hidden, lastName: hidden },
      names: [hidden, onlookers.teacher.lastName],
    });
    expect(entriesOf(list, 'session.login-failed')[0]).toMatchObject({
      actor: { id: cast.protectedPupil.id, name: hidden },
      entityId: hidden,
    });
  });

  it('finds nothing by a protected person’s username, as if no entry named it', async () => {
    const url = `/api/core/v1/audit?entityId=${cast.protectedPupil.username}`;
    const response = await call.adminWithoutRight!('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-pagination-total']).toBe('0');
    const entitled = await call.admin!('GET', url);
    expect(entitled.json()).toMatchObject([{ action: 'session.login-failed' }]);
  });

  it('shows everything to an administrator with the right', async () => {
    const response = await call.admin!('GET', '/api/core/v1/audit?perPage=100');
    expectNamed(response, cast.markedTeacher);
    expectNamed(response, cast.protectedPupil);
    const list = response.json() as AuditEntryResponse[];
    const own = aboutUser(list, cast.markedTeacher);
    expect(own?.before).toMatchObject({ firstName: 'Sigrun' });
    expect(entriesOf(list, 'user.update')[0]!.before).toMatchObject({
      children: [{ id: cast.protectedPupil.id, ...formerName }],
    });
    expect(entriesOf(list, 'session.login-failed')[0]!.entityId).toBe(cast.protectedPupil.username);
  });
});

describe('the audit log sent to the log system', () => {
  let server: Server;
  let received = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      request.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      request.on('end', () => response.writeHead(200).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('carries a protected person by id only, without what an entry about them changed', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ingest`;
    expect(
      await exportPendingAudit(t.db, { url, token: null, intervalMs: 60_000, timeoutMs: 5_000 }),
    ).toBeGreaterThanOrEqual(6);
    expectNoTraceIn(
      received,
      [cast.markedTeacher, cast.protectedPupil, { ...cast.protectedPupil, ...formerName }],
      'the export',
    );
    const lines = received
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.action === 'comment.created')).toMatchObject({
      actor: { id: cast.protectedPupil.id, username: null },
      realUser: { id: cast.markedTeacher.id, username: null },
    });
    const updates = lines.filter((line) => line.action === 'user.details-updated');
    expect(updates).toMatchObject([
      { entityId: String(cast.markedTeacher.id), before: null, after: null },
      {
        actor: { username: onlookers.teacher.username },
        after: { lastName: onlookers.teacher.lastName },
      },
    ]);
  });
});
