import {
  protectedIdentityName,
  type AcknowledgementReportItem,
  sv,
  type AcknowledgementRow,
  type AcknowledgementSummary,
  type PostInput,
  type PostResponse,
} from '@skolportalen/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerClientOf,
  buildClass,
  buildPost,
  buildSchool,
  buildUser,
  signIn,
  type TestNode,
  type TestUser,
} from '../../../test/factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from '../../../test/harness';
import { roleCategory } from '../../../test/tools-helpers';
import { postAcknowledgements } from '../../db/schema';

/**
 * Must-read notices (decision 0040) beyond the class: which posts may ask
 * and when their deadline may lie, readers who confirm for themselves next
 * to guardians who confirm for them, who may read the report, protected
 * identities in it, and confirming while an administrator acts as someone.
 */
type Client = Awaited<ReturnType<typeof bearerClientOf>>;
const c = sv.content.validation;
const day = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();

let t: TestContext;
let school: TestNode;
let otherSchool: TestNode;
let klass: TestNode;
let teacher: TestUser;
let editor: TestUser;
let pupil: TestUser;
let protectedPupil: TestUser;
let guardian: TestUser;
let rektor: TestUser;
let otherRektor: TestUser;
let colleague: TestUser;
let admin: TestUser;
let asTeacher: Client;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  school = await buildSchool(t, { name: 'Björkskolan' });
  otherSchool = await buildSchool(t, { name: 'Granskolan' });
  klass = await buildClass(t, { school, name: '6C' });
  teacher = await buildUser(t, { role: 'role_teacher', class: klass });
  editor = await buildUser(t, { role: 'role_teacher', class: klass });
  colleague = await buildUser(t, { role: 'role_teacher', school });
  pupil = await buildUser(t, { role: 'role_student', class: klass, firstName: 'Vera' });
  protectedPupil = await buildUser(t, {
    role: 'role_student',
    class: klass,
    firstName: 'Sigrid',
    lastName: 'Skyddadsson',
    securityMarking: 'Skyddad folkbokföring',
  });
  guardian = await buildUser(t, { role: 'role_caretaker', guardianOf: [pupil] });
  await buildUser(t, {
    role: 'role_caretaker',
    guardianOf: [protectedPupil],
    firstName: 'Gun',
    lastName: 'Vårdnadsdotter',
  });
  rektor = await buildUser(t, { role: 'role_school_responsible', school });
  otherRektor = await buildUser(t, { role: 'role_school_responsible', school: otherSchool });
  admin = await buildUser(t, { role: 'role_admin' });
  asTeacher = await bearerClientOf(t, teacher);
}, 120_000);
afterAll(() => t.close());

const postUrl = '/api/core/v1/post';
const body = (overrides: Record<string, unknown> = {}): PostInput => ({
  type: 'news',
  title: 'Föräldramöte',
  excerpt: 'Kallelse till föräldramöte.',
  nodeIds: [klass.id],
  categoryIds: [roleCategory.caretaker],
  requiresAcknowledgement: true,
  ...overrides,
});

describe('which posts may ask for a confirmation, and by when', () => {
  it('refuses types other than news, information messages, crisis alerts and pages', async () => {
    for (const type of ['advertisment', 'givetake', 'pinned-news']) {
      const response = await asTeacher('POST', postUrl, body({ type }));
      expect(response.statusCode, type).toBe(400);
      expect(response.json().errors).toContainEqual({
        field: 'requiresAcknowledgement',
        message: c.acknowledgementType,
      });
    }
    for (const type of ['news', 'info', 'page']) {
      const response = await asTeacher('POST', postUrl, body({ type, title: `Läs ${type}` }));
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('takes a deadline only with a confirmation, after the publishing and ahead of now', async () => {
    const without = await asTeacher(
      'POST',
      postUrl,
      body({ requiresAcknowledgement: false, acknowledgeBy: inDays(2) }),
    );
    expect(without.json().errors).toContainEqual({
      field: 'acknowledgeBy',
      message: c.acknowledgeByWithoutAcknowledgement,
    });
    const beforePublishing = await asTeacher(
      'POST',
      postUrl,
      body({ publishedDate: inDays(3), acknowledgeBy: inDays(2) }),
    );
    expect(beforePublishing.json().errors).toContainEqual({
      field: 'acknowledgeBy',
      message: c.acknowledgeByBeforePublish,
    });
    const passed = await asTeacher('POST', postUrl, body({ acknowledgeBy: inDays(-1) }));
    expect(passed.statusCode).toBe(400);
    expect(passed.json().errors).toContainEqual({
      field: 'acknowledgeBy',
      message: c.acknowledgeByPassed,
    });
    // A draft may keep a passed deadline until it is published.
    const draft = await asTeacher(
      'POST',
      postUrl,
      body({ status: 'draft', acknowledgeBy: inDays(-1) }),
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const tooEarly = await asTeacher(
      'POST',
      postUrl,
      body({ acknowledgeBy: inDays(2), reminderHoursBefore: [0] }),
    );
    expect(tooEarly.statusCode).toBe(400);
    const unknownMode = await asTeacher('POST', postUrl, body({ acknowledgement: 'someone' }));
    expect(unknownMode.statusCode).toBe(400);
  });

  it('keeps a published notice’s passed deadline when it is saved again, and lets only the original editor change the settings', async () => {
    const made = await buildPost(t, {
      author: teacher,
      ...body({ acknowledgeBy: inDays(1), editorIds: [editor.id], reminderHoursBefore: [48, 2] }),
    });
    expect(made.reminderHoursBefore).toEqual([48, 2]);
    const asEditor = await bearerClientOf(t, editor);
    const unchanged = {
      ...body(),
      acknowledgeBy: made.acknowledgeBy,
      editorIds: [editor.id],
      reminderHoursBefore: [48, 2],
      title: 'Föräldramöte (ny lokal)',
    };
    expect((await asEditor('PUT', `${postUrl}/${made.id}`, unchanged)).statusCode).toBe(200);
    const dropped = await asEditor('PUT', `${postUrl}/${made.id}`, {
      ...unchanged,
      requiresAcknowledgement: false,
      acknowledgeBy: null,
    });
    expect(dropped.statusCode).toBe(403);
    expect(dropped.json().message).toBe(c.notOriginalEditor);
    // Past its deadline, the notice is saved again as it was.
    await t.db.execute(
      sql`update posts set acknowledge_by = now() - interval '1 hour' where id = ${made.id}`,
    );
    const stored = (await (await asTeacher('GET', `${postUrl}/${made.id}`)).json()) as PostResponse;
    const again = await asTeacher('PUT', `${postUrl}/${made.id}`, {
      ...unchanged,
      acknowledgeBy: stored.acknowledgeBy,
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('readers who confirm for themselves next to guardians who confirm for them', () => {
  let notice: PostResponse;

  beforeAll(async () => {
    notice = await buildPost(t, {
      author: teacher,
      ...body({
        title: 'Ny ordningsregel',
        categoryIds: [roleCategory.student, roleCategory.caretaker],
        acknowledgeBy: inDays(5),
      }),
    });
  });

  it('asks each pupil for themselves and each guardian for the child, counting them apart', async () => {
    const asPupil = await bearerClientOf(t, pupil);
    const seen = (await (await asPupil('GET', `${postUrl}/${notice.id}`)).json()) as PostResponse;
    expect(seen.myAcknowledgement).toEqual({
      acknowledged: false,
      overdue: false,
      acknowledgedAt: null,
      children: [],
    });
    const wrongly = await asPupil('POST', `${postUrl}/${notice.id}/acknowledge`, {
      childIds: [pupil.id],
    });
    expect(wrongly.statusCode).toBe(422);
    expect(wrongly.json().code).toBe('CHILDREN_NOT_EXPECTED');
    const confirmed = await asPupil('POST', `${postUrl}/${notice.id}/acknowledge`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().myAcknowledgement).toMatchObject({
      acknowledged: true,
      acknowledgedAt: expect.any(String),
    });
    const summary = (await (
      await asTeacher('GET', `${postUrl}/${notice.id}/acknowledgement-summary`)
    ).json()) as AcknowledgementSummary;
    // Two pupils for themselves, two children through their guardians.
    expect(summary).toMatchObject({ total: 4, acknowledged: 1, pending: 3 });
    expect(summary.byRole).toEqual([
      expect.objectContaining({ role: 'role_caretaker', total: 2, acknowledged: 0 }),
      expect.objectContaining({ role: 'role_student', total: 2, acknowledged: 1 }),
    ]);
    // The pupil's own confirmation is not the guardian's.
    const asGuardian = await bearerClientOf(t, guardian);
    const theirs = (await (
      await asGuardian('GET', `${postUrl}/${notice.id}`)
    ).json()) as PostResponse;
    expect(theirs.myAcknowledgement?.children).toEqual([
      {
        id: pupil.id,
        name: expect.stringContaining('Vera'),
        acknowledged: false,
        acknowledgedByMe: false,
      },
    ]);
  });
});

describe('the report', () => {
  let notice: PostResponse;
  const reportOf = (client: Client, id = notice.id) =>
    client('GET', `${postUrl}/${id}/acknowledgements`);

  beforeAll(async () => {
    notice = await buildPost(t, {
      author: teacher,
      ...body({ title: 'Skolresa', editorIds: [editor.id] }),
    });
  });

  it('is read by the author, the editors, the rektor of the school and administrators', async () => {
    for (const reader of [teacher, editor, rektor, admin]) {
      const response = await reportOf(await bearerClientOf(t, reader));
      expect(response.statusCode, reader.username).toBe(200);
      expect(response.headers['x-pagination-total']).toBe('2');
    }
    const asEditor = await bearerClientOf(t, editor);
    const flagged = (await (
      await asEditor('GET', `${postUrl}/${notice.id}`)
    ).json()) as PostResponse;
    expect(flagged.can.readAcknowledgements).toBe(true);
  });

  it('is refused to a recipient, and unknown to those who may not read the post', async () => {
    const asGuardian = await bearerClientOf(t, guardian);
    expect((await reportOf(asGuardian)).statusCode).toBe(403);
    const seen = (await (
      await asGuardian('GET', `${postUrl}/${notice.id}`)
    ).json()) as PostResponse;
    expect(seen.can.readAcknowledgements).toBe(false);
    for (const outsider of [otherRektor, colleague, pupil]) {
      const response = await reportOf(await bearerClientOf(t, outsider));
      expect(response.statusCode, outsider.username).toBe(404);
    }
    const summary = await (
      await bearerClientOf(t, otherRektor)
    )('GET', `${postUrl}/${notice.id}/acknowledgement-summary`);
    expect(summary.statusCode).toBe(404);
  });

  it('is listed with the notices whose report one may read: the rektor’s without a reading page she may not open', async () => {
    const elsewhere = await buildUser(t, { role: 'role_teacher', school: otherSchool });
    const otherNotice = await buildPost(t, {
      author: elsewhere,
      ...body({ title: 'Granskolans utflykt', nodeIds: [otherSchool.id] }),
    });
    const plain = await buildPost(t, {
      author: teacher,
      ...body({ requiresAcknowledgement: false }),
    });
    const draft = await buildPost(t, { author: teacher, ...body({ status: 'draft' }) });
    const listOf = async (reader: TestUser) => {
      const response = await (
        await bearerClientOf(t, reader)
      )('GET', '/api/core/v1/acknowledgement-reports?perPage=100');
      expect(response.statusCode, reader.username).toBe(200);
      const items = response.json() as AcknowledgementReportItem[];
      expect(response.headers['x-pagination-total'], reader.username).toBe(String(items.length));
      return new Map(items.map((item) => [item.id, item]));
    };

    // The notice reaches the rektor's school but asks only its guardians: she cannot open it.
    const asRektor = await bearerClientOf(t, rektor);
    expect((await asRektor('GET', `${postUrl}/${notice.id}`)).statusCode).toBe(404);
    const rektors = await listOf(rektor);
    expect(rektors.get(notice.id)).toEqual({
      id: notice.id,
      type: 'news',
      title: 'Skolresa',
      url: null,
      author: { id: teacher.id, name: `${teacher.firstName} ${teacher.lastName}` },
      publishedDate: notice.publishedDate,
      acknowledgeBy: null,
      acknowledgement: 'each-reader',
    });
    expect(rektors.has(otherNotice.id)).toBe(false);
    // What the list offers, the report gives.
    expect(
      (await asRektor('GET', `${postUrl}/${notice.id}/acknowledgement-summary`)).statusCode,
    ).toBe(200);

    expect([...(await listOf(otherRektor)).keys()]).toEqual([otherNotice.id]);
    for (const reader of [teacher, editor, admin]) {
      const listed = await listOf(reader);
      expect(listed.get(notice.id)?.url, reader.username).toBe(notice.url);
      expect(listed.has(plain.id) || listed.has(draft.id), reader.username).toBe(false);
    }
    expect((await listOf(admin)).has(otherNotice.id)).toBe(true);
    for (const outsider of [colleague, guardian, pupil]) {
      expect((await listOf(outsider)).size, outsider.username).toBe(0);
    }
  });

  it('is not there for a post that asks for no confirmation', async () => {
    const plain = await buildPost(t, {
      author: teacher,
      ...body({ requiresAcknowledgement: false }),
    });
    const response = await reportOf(asTeacher, plain.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('NOT_MUST_READ');
  });

  it('names a protected pupil and her guardian "Skyddad identitet", without ids or class, and counts them', async () => {
    const rows = (await (await reportOf(asTeacher)).json()) as AcknowledgementRow[];
    const hidden = rows.find((row) => row.name === protectedIdentityName);
    expect(hidden).toEqual({
      kind: 'guardian',
      userId: null,
      name: protectedIdentityName,
      role: 'role_caretaker',
      childId: null,
      childName: protectedIdentityName,
      schoolId: null,
      schoolName: null,
      classId: null,
      className: null,
      state: 'pending',
      acknowledgedAt: null,
      via: null,
      opened: false,
    });
    const csv = await asTeacher('GET', `${postUrl}/${notice.id}/acknowledgements?format=csv`);
    for (const trace of ['Sigrid', 'Skyddadsson', 'Gun', 'Vårdnadsdotter']) {
      expect(JSON.stringify(rows)).not.toContain(trace);
      expect(csv.body).not.toContain(trace);
    }
    const summary = (await (
      await asTeacher('GET', `${postUrl}/${notice.id}/acknowledgement-summary`)
    ).json()) as AcknowledgementSummary;
    expect(summary.byClass).toEqual([expect.objectContaining({ name: '6C', total: 2 })]);
    // The rektor holds the right for her school's people.
    const asRektor = await bearerClientOf(t, rektor);
    const named = (await (await reportOf(asRektor)).json()) as AcknowledgementRow[];
    expect(named.map((row) => row.childName)).toContain('Sigrid Skyddadsson');
    expect(named.map((row) => row.name)).toContain('Gun Vårdnadsdotter');
  });
});

describe('confirming as oneself only', () => {
  it('refuses an administrator acting as a guardian, and writes nothing', async () => {
    const notice = await buildPost(t, { author: teacher, ...body({ title: 'Simskola' }) });
    const adminCookie = await signIn(t.app, admin);
    const masked = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/token',
      headers: { cookie: adminCookie },
      payload: { type: 'masked', userId: guardian.id },
    });
    expect(masked.statusCode, masked.body).toBe(200);
    const cookie = cookieHeaderFrom(masked.cookies, adminCookie);
    const before = await t.db.select({ n: count() }).from(postAcknowledgements);
    const response = await t.app.inject({
      method: 'POST',
      url: `${postUrl}/${notice.id}/acknowledge`,
      headers: { cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(sv.masking.notWhileMasked);
    expect(await t.db.select({ n: count() }).from(postAcknowledgements)).toEqual(before);
    // The guardian herself may.
    const asGuardian = await bearerClientOf(t, guardian);
    expect((await asGuardian('POST', `${postUrl}/${notice.id}/acknowledge`)).statusCode).toBe(200);
    expect(
      await t.db
        .select({ n: count() })
        .from(postAcknowledgements)
        .where(eq(postAcknowledgements.postId, notice.id)),
    ).toEqual([{ n: 1 }]);
  });
});

describe('the API document', () => {
  it('lists confirming, the report and its figures, the list of reports, and the post fields', async () => {
    const response = await asTeacher('GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(document.paths['/api/core/v1/post/{id}/acknowledge']!)).toEqual(['post']);
    expect(
      Object.keys(document.paths['/api/core/v1/post/{id}/acknowledge']!.post!.responses),
    ).toEqual(expect.arrayContaining(['200', '404', '409', '422']));
    expect(document.paths['/api/core/v1/post/{id}/acknowledgements']!.get).toBeDefined();
    expect(document.paths['/api/core/v1/post/{id}/acknowledgement-summary']!.get).toBeDefined();
    expect(document.paths['/api/core/v1/acknowledgement-reports']!.get).toBeDefined();
    const text = JSON.stringify(document);
    for (const field of [
      'requiresAcknowledgement',
      'acknowledgeBy',
      'myAcknowledgement',
      'reachedChildren',
    ]) {
      expect(text).toContain(`"${field}"`);
    }
  });
});
