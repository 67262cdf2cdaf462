import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { textPdf } from '../../src/db/seed/demo-documents';
import { createTestApp, type TestContext } from '../harness';
import { roleCategory } from '../tools-helpers';
import {
  buildClass,
  buildCourse,
  buildDocument,
  buildDocumentSite,
  buildPost,
  buildSchool,
  buildUser,
  fullName,
  signIn,
} from './index';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

async function currentUser(cookie: string) {
  const response = await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    name: string;
    email: string | null;
    roles: { key: string }[];
    groups: { id: number; name: string }[];
    children: { id: number }[];
    capabilities: Record<string, boolean>;
    isAdmin: boolean;
  };
}

describe('the test factories', () => {
  it('build a teacher of a new school, who signs in as that account', async () => {
    const teacher = await buildUser(t);
    const me = await currentUser(await signIn(t.app, teacher));
    expect(me.name).toBe(fullName(teacher));
    expect(me.email).toBe(teacher.email);
    expect(me.roles.map((role) => role.key)).toEqual(['role_teacher']);
    expect(me.groups.map((group) => group.id)).toEqual([teacher.school!.id]);
  });

  it('give every account its own username, and every teacher a school of their own', async () => {
    const [first, second] = [await buildUser(t), await buildUser(t)];
    expect(first.username).not.toBe(second.username);
    expect(first.school!.id).not.toBe(second.school!.id);
  });

  it('put a pupil in a class and its school; a caretaker in no group, with the child linked', async () => {
    const school = await buildSchool(t, { name: 'Björkskolan' });
    const ownClass = await buildClass(t, { school, name: '4B' });
    const pupil = await buildUser(t, { role: 'role_student', class: ownClass, email: null });
    expect(pupil.school).toEqual(school);
    const pupilView = await currentUser(await signIn(t.app, pupil));
    expect(pupilView.groups.map((group) => group.name).sort()).toEqual(['4B', 'Björkskolan']);
    expect(pupilView.email).toBeNull();

    const caretaker = await buildUser(t, { role: 'role_caretaker', guardianOf: [pupil] });
    const caretakerView = await currentUser(await signIn(t.app, caretaker));
    expect(caretakerView.groups).toEqual([]);
    expect(caretakerView.children.map((child) => child.id)).toEqual([pupil.id]);
  });

  it('make an administrator an employee with the administrator role, and give own rights', async () => {
    const admin = await buildUser(t, { role: 'role_admin' });
    const adminView = await currentUser(await signIn(t.app, admin));
    expect(adminView.roles.map((role) => role.key).sort()).toEqual(['role_admin', 'role_employee']);
    expect(adminView.isAdmin).toBe(true);
    expect(adminView.groups).toEqual([]);

    const communicator = await buildUser(t, {
      role: 'role_employee',
      capabilities: { publish_all_groups: true },
    });
    const communicatorView = await currentUser(await signIn(t.app, communicator));
    expect(communicatorView.capabilities.publish_all_groups).toBe(true);
    expect(communicatorView.isAdmin).toBe(false);
  });

  it('give an account the source’s id when told, but leave it unimported', async () => {
    const withSourceId = await buildUser(t, { externalId: 'kalla-person-1' });
    const [row] = await t.db.select().from(users).where(eq(users.externalId, 'kalla-person-1'));
    expect(row).toMatchObject({ id: withSourceId.id, importedAt: null });
    const plain = await buildUser(t);
    const [plainRow] = await t.db.select().from(users).where(eq(users.id, plain.id));
    expect(plainRow!.externalId).toBeNull();
  });

  it('refuse a wrong password, as the real sign-in does', async () => {
    const teacher = await buildUser(t);
    await expect(signIn(t.app, { ...teacher, password: 'fel' })).rejects.toThrow(/401/);
  });

  it('build an account without a password, as an import does, which the password form refuses', async () => {
    const ssoOnly = await buildUser(t, { withoutPassword: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, ssoOnly.id));
    expect(row!.passwordHash).toBeNull();
    await expect(signIn(t.app, ssoOnly)).rejects.toThrow(/401/);
  });

  it('write a post through the API, aimed at the author’s school', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, { author, title: 'Skolstart' });
    expect(post).toMatchObject({
      title: 'Skolstart',
      status: 'publish',
      nodeIds: [author.school!.id],
    });

    const colleague = await buildUser(t, { school: author.school });
    const cookie = await signIn(t.app, colleague);
    const read = await t.app.inject({ url: `/api/core/v1/post/${post.id}`, headers: { cookie } });
    expect(read.statusCode).toBe(200);
    const stranger = await signIn(t.app, await buildUser(t));
    const hidden = await t.app.inject({
      url: `/api/core/v1/post/${post.id}`,
      headers: { cookie: stranger },
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('write a course as someone who may arrange courses, and refuse one who may not', async () => {
    const arranger = await buildUser(t, {
      role: 'role_employee',
      capabilities: { create_course: true, publish_all_groups: true },
    });
    const course = await buildCourse(t, { author: arranger, title: 'Fortbildning' });
    expect(course).toMatchObject({ type: 'course', title: 'Fortbildning' });
    const pupil = await buildUser(t, { role: 'role_student' });
    await expect(buildCourse(t, { author: pupil })).rejects.toThrow(/403/);
  });

  it('make a document site its writers’ groups write in and a category reads, and upload into it', async () => {
    const school = await buildSchool(t);
    const site = await buildDocumentSite(t, {
      writers: [school],
      readerCategoryIds: [roleCategory.employee],
      folders: ['Planering', 'Mallar'],
    });
    expect(Object.keys(site.folders)).toEqual(['Planering', 'Mallar']);
    const writer = await buildUser(t, { school });
    const guid = await buildDocument(t, {
      author: writer,
      folderGuid: site.folders.Planering!,
      name: 'Protokoll.txt',
      content: 'Protokoll från mötet.\n',
    });

    const content = async (user: Parameters<typeof signIn>[1]) =>
      t.app.inject({
        url: `/api/document-repository/v1/node/${guid}/content`,
        headers: { cookie: await signIn(t.app, user) },
      });
    const read = await content(writer);
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe('Protokoll från mötet.\n');
    const reader = await buildUser(t, { role: 'role_employee' });
    expect((await content(reader)).statusCode).toBe(200);
    await expect(
      buildDocument(t, { author: reader, folderGuid: site.folders.Mallar! }),
    ).rejects.toThrow(/403/);
    const outsider = await buildUser(t);
    expect((await content(outsider)).statusCode).toBe(404);
  });

  it('upload a document from its bytes, whose type the server tells from them', async () => {
    const school = await buildSchool(t);
    const site = await buildDocumentSite(t, { writers: [school] });
    const writer = await buildUser(t, { school });
    const pdf = textPdf(['Läsårsplanering']);
    const guid = await buildDocument(t, {
      author: writer,
      folderGuid: site.folders.Planering!,
      name: 'Planering.pdf',
      content: pdf,
    });
    const cookie = await signIn(t.app, writer);
    const meta = await t.app.inject({
      url: `/api/document-repository/v1/node/${guid}`,
      headers: { cookie },
    });
    expect(meta.json().entry.content.mimeType).toBe('application/pdf');
    const file = await t.app.inject({
      url: `/api/document-repository/v1/node/${guid}/content`,
      headers: { cookie },
    });
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });
});
