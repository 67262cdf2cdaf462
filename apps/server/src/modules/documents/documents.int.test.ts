import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDocument,
  buildDocumentSite,
  buildSchool,
  buildUser,
  fullName,
  signIn,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { roleCategory } from '../../../test/tools-helpers';
import { textPdf } from '../../db/seed/demo-documents';
import { documentNodes, documentSharedLinks, documentVersions } from '../../db/schema';

const base = '/api/document-repository/v1';
const maxBytes = 4096;
let t: TestContext;
let dataDir: string;
type Person = 'teacher' | 'otherTeacher' | 'pupil' | 'admin';
const cookies = {} as Record<Person, string>;
let admin: TestUser;

/** Guids of what the tests reach: the sites' root folders, a folder and the documents in it. */
let schoolRoot: string;
let otherSchoolRoot: string;
let planning: string;
let pdf: string;
let otherSchoolPdf: string;
let administrationRoot: string;
const unknown = '00000000-0000-4000-a000-000000000000';
/** The keys the site list names the teacher's two sites by. */
let siteKeys: { school: string; administration: string };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'documents-test-'));
  t = await createTestApp({
    demo: false,
    env: { DATA_DIR: dataDir, DOCUMENTS_MAX_UPLOAD_BYTES: String(maxBytes) },
  });
  const school = await buildSchool(t);
  const otherSchool = await buildSchool(t);
  const teacher = await buildUser(t, { school });
  const otherTeacher = await buildUser(t, { school: otherSchool });
  // In the school whose site she would reach, but pupils have no right to the repository.
  const pupil = await buildUser(t, { role: 'role_student', school });
  admin = await buildUser(t, { role: 'role_admin' });

  // Ordered by title: the school's site before the administration's.
  const schoolSite = await buildDocumentSite(t, { writers: [school], title: 'Skolans dokument' });
  const otherSite = await buildDocumentSite(t, {
    writers: [otherSchool],
    title: 'Andra skolans dokument',
  });
  // Every teacher and employee reads the administration's documents; no one of the test writes there.
  const administrationSite = await buildDocumentSite(t, {
    readerCategoryIds: [roleCategory.teacher, roleCategory.employee],
    title: 'Utbildningsförvaltningen',
  });
  siteKeys = { school: schoolSite.key, administration: administrationSite.key };
  schoolRoot = schoolSite.rootGuid;
  otherSchoolRoot = otherSite.rootGuid;
  planning = schoolSite.folders.Planering!;
  administrationRoot = administrationSite.rootGuid;
  const yearPlan = (schoolName: string) =>
    textPdf([
      `Läsårsplanering 2026/2027 – ${schoolName}`,
      'Höstterminen: 17 augusti – 18 december',
    ]);
  // The administrator wrote the plan, so its metadata names someone else than its reader.
  pdf = await buildDocument(t, {
    author: admin,
    folderGuid: planning,
    name: 'Läsårsplanering 2026-2027.pdf',
    content: yearPlan(schoolSite.title),
  });
  await buildDocument(t, { author: teacher, folderGuid: planning, name: 'Möten hösten.txt' });
  otherSchoolPdf = await buildDocument(t, {
    author: otherTeacher,
    folderGuid: otherSite.folders.Planering!,
    name: 'Läsårsplanering 2026-2027.pdf',
    content: yearPlan(otherSite.title),
  });

  for (const [who, user] of Object.entries({ teacher, otherTeacher, pupil, admin }))
    cookies[who as Person] = await signIn(t.app, user);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, who?: Person) =>
  t.app.inject({ url: base + url, headers: who ? { cookie: cookies[who] } : {} });
const post = (url: string, payload: unknown, who?: Person) =>
  t.app.inject({
    method: 'POST',
    url: base + url,
    payload: payload as object,
    headers: who ? { cookie: cookies[who] } : {},
  });

function upload(folder: string, name: string, bytes: Buffer, who: Person = 'teacher') {
  const boundary = '----skolportalen-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="filedata"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${base}/node/${folder}`,
    payload: body,
    headers: { cookie: cookies[who], 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const totals = async () => ({
  nodes: (await t.db.select({ n: count() }).from(documentNodes))[0]!.n,
  versions: (await t.db.select({ n: count() }).from(documentVersions))[0]!.n,
  files: (await readdir(path.join(dataDir, 'documents'), { recursive: true })).filter((f) =>
    /[0-9a-f-]{36}/.test(f),
  ).length,
});

describe('GET /site', () => {
  it('answers 401, 400, 403 and then the sites of the person', async () => {
    expect((await get('/site')).statusCode).toBe(401);
    expect((await get('/site?maxItems=0', 'teacher')).statusCode).toBe(400);
    // Pupils have no right to the document repository.
    expect((await get('/site', 'pupil')).statusCode).toBe(403);
    const anna = await get('/site', 'teacher');
    expect(anna.statusCode).toBe(200);
    expect(anna.headers['x-pagination-total']).toBe('2');
    const body = anna.json();
    expect(body.list.pagination).toEqual({
      count: 2,
      hasMoreItems: false,
      totalItems: 2,
      skipCount: 0,
      maxItems: 100,
    });
    expect(body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual([
      siteKeys.school,
      siteKeys.administration,
    ]);
    expect(body.list.entries[0].entry).toMatchObject({
      guid: schoolRoot,
      role: 'SiteCollaborator',
    });
    expect(body.list.entries[1].entry.role).toBe('SiteConsumer');
  });

  it('shows every site to an administrator, paged', async () => {
    // Three sites, none of them the administrator's by group or role.
    const page = (await get('/site?maxItems=2&skipCount=1', 'admin')).json();
    expect(page.list.pagination).toMatchObject({ count: 2, totalItems: 3, hasMoreItems: false });
  });
});

describe('GET /node/{id}', () => {
  it('lists a folder, folders first, with its path', async () => {
    expect((await get(`/node/${schoolRoot}`)).statusCode).toBe(401);
    expect((await get('/node/not-a-guid', 'teacher')).statusCode).toBe(400);
    expect((await get(`/node/${unknown}`, 'teacher')).statusCode).toBe(404);
    const response = await get(`/node/${planning}`, 'teacher');
    expect(response.statusCode).toBe(200);
    const { list } = response.json();
    expect(list.source.path.elements.map((e: { name: string }) => e.name)).toEqual([
      'Skolans dokument',
      'Planering',
    ]);
    expect(list.source.allowableOperations).toContain('create');
    expect(list.entries.map((e: { entry: { name: string } }) => e.entry.name)).toEqual([
      'Läsårsplanering 2026-2027.pdf',
      'Möten hösten.txt',
    ]);
  });

  it('hides nodes of other sites behind 404, not 403', async () => {
    const hidden = await get(`/node/${otherSchoolRoot}`, 'teacher');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toMatch(/finns inte/);
    expect((await get(`/node/${otherSchoolPdf}`, 'teacher')).statusCode).toBe(404);
    expect((await get(`/node/${otherSchoolPdf}/content`, 'teacher')).statusCode).toBe(404);
    expect((await get(`/node/${otherSchoolRoot}`, 'otherTeacher')).statusCode).toBe(200);
  });

  it("gives a document's metadata and its bytes as an attachment", async () => {
    const meta = (await get(`/node/${pdf}`, 'teacher')).json();
    expect(meta.entry).toMatchObject({
      isFile: true,
      nodeType: 'cm:content',
      content: { mimeType: 'application/pdf' },
      modifiedByUser: { id: admin.username, displayName: fullName(admin) },
    });
    const file = await get(`/node/${pdf}/content`, 'teacher');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="/);
  });
});

describe('favourites', () => {
  it('adds, lists and removes favourites; hidden and unknown guids are 404', async () => {
    expect((await post('/favorite', { guid: pdf })).statusCode).toBe(401);
    expect((await post('/favorite', { guid: 'x' }, 'teacher')).statusCode).toBe(400);
    expect((await post('/favorite', { guid: otherSchoolPdf }, 'teacher')).statusCode).toBe(404);
    expect((await post('/favorite', { guid: unknown }, 'teacher')).statusCode).toBe(404);
    const added = await post('/favorite', { guid: pdf }, 'teacher');
    expect(added.statusCode).toBe(201);
    expect(added.json().entry).toMatchObject({ targetGuid: pdf, target: { file: { id: pdf } } });
    expect((await post('/favorite', { guid: planning }, 'teacher')).statusCode).toBe(201);
    const list = (await get('/favorite', 'teacher')).json();
    expect(list.list.pagination.totalItems).toBe(2);
    // Favourites are per person.
    expect((await get('/favorite', 'admin')).json().list.pagination.totalItems).toBe(0);
    const del = (guid: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `${base}/favorite/${guid}`,
        headers: { cookie: cookies.teacher },
      });
    expect((await del(pdf)).statusCode).toBe(204);
    expect((await del(pdf)).statusCode).toBe(404);
    expect((await get(`/node/${pdf}`, 'teacher')).json().entry.isFavorite).toBe(false);
  });
});

describe('shared links', () => {
  it('creates a link anyone can download from until it expires', async () => {
    expect((await post('/link', { guid: pdf })).statusCode).toBe(401);
    expect((await post('/link', { guid: planning }, 'teacher')).statusCode).toBe(400);
    expect((await post('/link', { guid: otherSchoolPdf }, 'teacher')).statusCode).toBe(404);
    const past = await post('/link', { guid: pdf, expiresAt: '2020-01-01T00:00:00Z' }, 'teacher');
    expect(past.statusCode).toBe(400);
    const created = await post('/link', { guid: pdf }, 'teacher');
    expect(created.statusCode).toBe(201);
    const { entry } = created.json();
    expect(entry.url).toBe(`${base}/shared/${entry.id}`);
    const download = await t.app.inject({ url: entry.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment/);

    await t.db
      .update(documentSharedLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(documentSharedLinks.id, entry.id));
    expect((await t.app.inject({ url: entry.url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${base}/shared/nope` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${base}/shared/..%2f..` })).statusCode).toBe(400);
  });
});

describe('shared links: lifetime and revoking (issue 20 F10)', () => {
  const day = 24 * 60 * 60 * 1000;
  const remove = (linkId: string, who?: Person) =>
    t.app.inject({
      method: 'DELETE',
      url: `${base}/link/${linkId}`,
      headers: who ? { cookie: cookies[who] } : {},
    });

  it('ends a link after SHARED_LINK_DAYS (30) unless told sooner, and shows when', async () => {
    const created = await post('/link', { guid: pdf }, 'teacher');
    expect(created.statusCode).toBe(201);
    const { entry } = created.json();
    const lasts = Date.parse(entry.expiresAt) - Date.now();
    expect(lasts).toBeGreaterThan(29.9 * day);
    expect(lasts).toBeLessThanOrEqual(30 * day);
    const [row] = await t.db
      .select()
      .from(documentSharedLinks)
      .where(eq(documentSharedLinks.id, entry.id));
    expect(row!.expiresAt?.toISOString()).toBe(entry.expiresAt);
    const sooner = new Date(Date.now() + 2 * day).toISOString();
    const short = await post('/link', { guid: pdf, expiresAt: sooner }, 'teacher');
    expect(short.json().entry.expiresAt).toBe(sooner);
  });

  it('refuses a link meant to outlast the limit, in Swedish, writing nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(documentSharedLinks))[0]!.n;
    const tooLate = new Date(Date.now() + 31 * day).toISOString();
    const refused = await post('/link', { guid: pdf, expiresAt: tooLate }, 'teacher');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'expiresAt', message: 'En delad länk får gälla i högst 30 dagar.' },
    ]);
    expect((await t.db.select({ n: count() }).from(documentSharedLinks))[0]!.n).toBe(before);
  });

  it('lets the maker or an administrator revoke a link, and no one else', async () => {
    const { entry } = (await post('/link', { guid: pdf }, 'teacher')).json();
    expect((await remove(entry.id)).statusCode).toBe(401);
    const stranger = await remove(entry.id, 'otherTeacher');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(
      'Bara den som skapade länken, eller en administratör, kan återkalla den.',
    );
    expect((await t.app.inject({ url: entry.url })).statusCode).toBe(200);
    expect((await remove(entry.id, 'teacher')).statusCode).toBe(204);
    expect((await t.app.inject({ url: entry.url })).statusCode).toBe(404);
    expect((await remove(entry.id, 'teacher')).statusCode).toBe(404);
    const other = (await post('/link', { guid: pdf }, 'teacher')).json().entry;
    expect((await remove(other.id, 'admin')).statusCode).toBe(204);
    expect((await t.app.inject({ url: other.url })).statusCode).toBe(404);
  });
});

describe('POST /node/{id}', () => {
  it('creates folders where the person may write', async () => {
    const create = (folder: string, name: unknown, who: Person = 'teacher') =>
      post(`/node/${folder}`, { nodeType: 'cm:folder', name }, who);
    expect(
      (await post(`/node/${schoolRoot}`, { nodeType: 'cm:folder', name: 'A' })).statusCode,
    ).toBe(401);
    const made = await create(schoolRoot, 'Utvecklingssamtal');
    expect(made.statusCode).toBe(201);
    expect(made.json().entry).toMatchObject({ isFolder: true, parentId: schoolRoot });
    expect((await create(schoolRoot, 'utvecklingssamtal')).statusCode).toBe(409);
    for (const bad of ['', '..', 'a/b', 'a\u0000b', 'x'.repeat(256), 'ond\\sak'])
      expect((await create(schoolRoot, bad)).statusCode).toBe(400);
    expect((await create(administrationRoot, 'Mitt')).statusCode).toBe(403);
    expect((await create(otherSchoolRoot, 'Mitt')).statusCode).toBe(404);
    expect((await create(pdf, 'Mitt')).statusCode).toBe(400);
  });

  it('refuses a lone surrogate in a folder name with a 400, not a 500 (issue 21.4)', async () => {
    for (const name of ['Mapp\ud800', '\udc00Mapp']) {
      const response = await post(
        `/node/${schoolRoot}`,
        { nodeType: 'cm:folder', name },
        'teacher',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'name', message: 'Fältet innehåller otillåtna tecken' },
      ]);
    }
  });

  it('uploads documents of allowed types, a second upload is a new version', async () => {
    const text = Buffer.from('Protokoll från arbetslagsmötet.\n');
    const first = await upload(planning, 'Protokoll.txt', text);
    expect(first.statusCode).toBe(201);
    const { entry } = first.json();
    expect(entry).toMatchObject({ name: 'Protokoll.txt', content: { mimeType: 'text/plain' } });
    const again = await upload(planning, 'Protokoll.txt', Buffer.from('Version två.\n'));
    expect(again.statusCode).toBe(201);
    expect(again.json().entry.id).toBe(entry.id);
    const versions = await t.db
      .select({ label: documentVersions.label })
      .from(documentVersions)
      .innerJoin(documentNodes, eq(documentNodes.id, documentVersions.nodeId))
      .where(eq(documentNodes.guid, entry.id));
    expect(versions.map((v) => v.label).sort()).toEqual(['1.0', '1.1']);
    const content = await get(`/node/${entry.id}/content`, 'teacher');
    expect(content.body).toBe('Version två.\n');
  });

  it('refuses bad uploads with nothing written', async () => {
    // A folder holds the name a document would take.
    const folder = await post(
      `/node/${schoolRoot}`,
      { nodeType: 'cm:folder', name: 'Anteckningar.txt' },
      'teacher',
    );
    expect(folder.statusCode).toBe(201);
    const before = await totals();
    const refused = [
      [await upload(planning, 'stor.txt', Buffer.alloc(maxBytes + 1, 0x61)), 413],
      [
        await upload(planning, 'sida.txt', Buffer.from('<html><script>alert(1)</script></html>')),
        415,
      ],
      [
        await upload(
          planning,
          'bild.svg',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        ),
        415,
      ],
      [await upload(planning, 'program.pdf', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')), 415],
      [await upload(planning, 'fejk.pdf', Buffer.from('bara text\n')), 415],
      [await upload(planning, '..', Buffer.from('text\n')), 400],
      [await upload(planning, 'tom.txt', Buffer.alloc(0)), 400],
      [await upload(administrationRoot, 'a.txt', Buffer.from('text\n')), 403],
      [await upload(otherSchoolRoot, 'a.txt', Buffer.from('text\n')), 404],
      [await upload(planning, 'Läsårsplanering 2026-2027.pdf', Buffer.from('text\n')), 415],
      [await upload(schoolRoot, 'Anteckningar.txt', Buffer.from('text\n')), 409],
      [await upload(planning, 'a.txt', Buffer.from('text\n'), 'pupil'), 403],
    ] as const;
    for (const [response, status] of refused) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(/[a-zåäö]/);
    }
    expect(await totals()).toEqual(before);
  });
});

describe('POST /token', () => {
  it('has no separate ticket for the built-in store', async () => {
    expect((await post('/token', undefined)).statusCode).toBe(401);
    expect((await post('/token', undefined, 'pupil')).statusCode).toBe(403);
    const response = await post('/token', undefined, 'teacher');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_UNAVAILABLE');
  });
});
