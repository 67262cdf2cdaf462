import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../../test/harness';
import { demoDocumentGuid, seedDemoDocuments } from '../../db/seed/demo-documents';
import { documentNodes, documentSharedLinks, documentVersions } from '../../db/schema';
import { fileStorage } from './storage';

const base = '/api/document-repository/v1';
const maxBytes = 4096;
let t: TestContext;
let dataDir: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'documents-test-'));
  t = await createTestApp({
    env: { DATA_DIR: dataDir, DOCUMENTS_MAX_UPLOAD_BYTES: String(maxBytes) },
  });
  await seedDemoDocuments(t.db, fileStorage(path.join(dataDir, 'documents')));
  for (const name of [
    'anna.larsson',
    'johan.berg',
    'elsa.nilsson',
    'eva.andersson',
    'sara.ekstrom',
  ])
    cookies[name] = await signInAs(t.app, name);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ekbacken = demoDocumentGuid('skola-ekbacken');
const lindang = demoDocumentGuid('skola-lindang');
const planning = demoDocumentGuid('skola-ekbacken/Planering');
const pdf = demoDocumentGuid('skola-ekbacken/Planering/Läsårsplanering 2026-2027.pdf');
const lindangPdf = demoDocumentGuid('skola-lindang/Planering/Läsårsplanering 2026-2027.pdf');
const administration = demoDocumentGuid('utbildningsforvaltningen');
const unknown = '00000000-0000-4000-a000-000000000000';

const get = (url: string, who?: string) =>
  t.app.inject({ url: base + url, headers: who ? { cookie: cookies[who]! } : {} });
const post = (url: string, payload: unknown, who?: string) =>
  t.app.inject({
    method: 'POST',
    url: base + url,
    payload: payload as object,
    headers: who ? { cookie: cookies[who]! } : {},
  });

function upload(folder: string, name: string, bytes: Buffer, who = 'anna.larsson') {
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
    headers: { cookie: cookies[who]!, 'content-type': `multipart/form-data; boundary=${boundary}` },
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
    expect((await get('/site?maxItems=0', 'anna.larsson')).statusCode).toBe(400);
    // Pupils have no right to the document repository.
    expect((await get('/site', 'elsa.nilsson')).statusCode).toBe(403);
    const anna = await get('/site', 'anna.larsson');
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
      'skola-ekbacken',
      'utbildningsforvaltningen',
    ]);
    expect(body.list.entries[0].entry).toMatchObject({ guid: ekbacken, role: 'SiteCollaborator' });
    expect(body.list.entries[1].entry.role).toBe('SiteConsumer');
  });

  it('shows every site to an administrator, paged', async () => {
    const page = (await get('/site?maxItems=3&skipCount=1', 'eva.andersson')).json();
    expect(page.list.pagination).toMatchObject({ count: 3, totalItems: 4, hasMoreItems: false });
  });
});

describe('GET /node/{id}', () => {
  it('lists a folder, folders first, with its path', async () => {
    expect((await get(`/node/${ekbacken}`)).statusCode).toBe(401);
    expect((await get('/node/not-a-guid', 'anna.larsson')).statusCode).toBe(400);
    expect((await get(`/node/${unknown}`, 'anna.larsson')).statusCode).toBe(404);
    const response = await get(`/node/${planning}`, 'anna.larsson');
    expect(response.statusCode).toBe(200);
    const { list } = response.json();
    expect(list.source.path.elements.map((e: { name: string }) => e.name)).toEqual([
      'Ekbackens skola',
      'Planering',
    ]);
    expect(list.source.allowableOperations).toContain('create');
    expect(list.entries.map((e: { entry: { name: string } }) => e.entry.name)).toEqual([
      'Läsårsplanering 2026-2027.pdf',
      'Möten hösten.txt',
    ]);
  });

  it('hides nodes of other sites behind 404, not 403', async () => {
    const hidden = await get(`/node/${lindang}`, 'anna.larsson');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toMatch(/finns inte/);
    expect((await get(`/node/${lindangPdf}`, 'anna.larsson')).statusCode).toBe(404);
    expect((await get(`/node/${lindangPdf}/content`, 'anna.larsson')).statusCode).toBe(404);
    expect((await get(`/node/${lindang}`, 'johan.berg')).statusCode).toBe(200);
  });

  it("gives a document's metadata and its bytes as an attachment", async () => {
    const meta = (await get(`/node/${pdf}`, 'anna.larsson')).json();
    expect(meta.entry).toMatchObject({
      isFile: true,
      nodeType: 'cm:content',
      content: { mimeType: 'application/pdf' },
      modifiedByUser: { id: 'eva.andersson', displayName: 'Eva Andersson' },
    });
    const file = await get(`/node/${pdf}/content`, 'anna.larsson');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="/);
  });
});

describe('favourites', () => {
  it('adds, lists and removes favourites; hidden and unknown guids are 404', async () => {
    expect((await post('/favorite', { guid: pdf })).statusCode).toBe(401);
    expect((await post('/favorite', { guid: 'x' }, 'anna.larsson')).statusCode).toBe(400);
    expect((await post('/favorite', { guid: lindangPdf }, 'anna.larsson')).statusCode).toBe(404);
    expect((await post('/favorite', { guid: unknown }, 'anna.larsson')).statusCode).toBe(404);
    const added = await post('/favorite', { guid: pdf }, 'anna.larsson');
    expect(added.statusCode).toBe(201);
    expect(added.json().entry).toMatchObject({ targetGuid: pdf, target: { file: { id: pdf } } });
    expect((await post('/favorite', { guid: planning }, 'anna.larsson')).statusCode).toBe(201);
    const list = (await get('/favorite', 'anna.larsson')).json();
    expect(list.list.pagination.totalItems).toBe(2);
    // Favourites are per person.
    expect((await get('/favorite', 'eva.andersson')).json().list.pagination.totalItems).toBe(0);
    const del = (guid: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `${base}/favorite/${guid}`,
        headers: { cookie: cookies['anna.larsson']! },
      });
    expect((await del(pdf)).statusCode).toBe(204);
    expect((await del(pdf)).statusCode).toBe(404);
    expect((await get(`/node/${pdf}`, 'anna.larsson')).json().entry.isFavorite).toBe(false);
  });
});

describe('shared links', () => {
  it('creates a link anyone can download from until it expires', async () => {
    expect((await post('/link', { guid: pdf })).statusCode).toBe(401);
    expect((await post('/link', { guid: planning }, 'anna.larsson')).statusCode).toBe(400);
    expect((await post('/link', { guid: lindangPdf }, 'anna.larsson')).statusCode).toBe(404);
    const past = await post(
      '/link',
      { guid: pdf, expiresAt: '2020-01-01T00:00:00Z' },
      'anna.larsson',
    );
    expect(past.statusCode).toBe(400);
    const created = await post('/link', { guid: pdf }, 'anna.larsson');
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
  const remove = (linkId: string, who?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `${base}/link/${linkId}`,
      headers: who ? { cookie: cookies[who]! } : {},
    });

  it('ends a link after SHARED_LINK_DAYS (30) unless told sooner, and shows when', async () => {
    const created = await post('/link', { guid: pdf }, 'anna.larsson');
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
    const short = await post('/link', { guid: pdf, expiresAt: sooner }, 'anna.larsson');
    expect(short.json().entry.expiresAt).toBe(sooner);
  });

  it('refuses a link meant to outlast the limit, in Swedish, writing nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(documentSharedLinks))[0]!.n;
    const tooLate = new Date(Date.now() + 31 * day).toISOString();
    const refused = await post('/link', { guid: pdf, expiresAt: tooLate }, 'anna.larsson');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'expiresAt', message: 'En delad länk får gälla i högst 30 dagar.' },
    ]);
    expect((await t.db.select({ n: count() }).from(documentSharedLinks))[0]!.n).toBe(before);
  });

  it('lets the maker or an administrator revoke a link, and no one else', async () => {
    const { entry } = (await post('/link', { guid: pdf }, 'anna.larsson')).json();
    expect((await remove(entry.id)).statusCode).toBe(401);
    const stranger = await remove(entry.id, 'johan.berg');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(
      'Bara den som skapade länken, eller en administratör, kan återkalla den.',
    );
    expect((await t.app.inject({ url: entry.url })).statusCode).toBe(200);
    expect((await remove(entry.id, 'anna.larsson')).statusCode).toBe(204);
    expect((await t.app.inject({ url: entry.url })).statusCode).toBe(404);
    expect((await remove(entry.id, 'anna.larsson')).statusCode).toBe(404);
    const other = (await post('/link', { guid: pdf }, 'anna.larsson')).json().entry;
    expect((await remove(other.id, 'eva.andersson')).statusCode).toBe(204);
    expect((await t.app.inject({ url: other.url })).statusCode).toBe(404);
  });
});

describe('POST /node/{id}', () => {
  it('creates folders where the person may write', async () => {
    const create = (folder: string, name: unknown, who = 'anna.larsson') =>
      post(`/node/${folder}`, { nodeType: 'cm:folder', name }, who);
    expect((await post(`/node/${ekbacken}`, { nodeType: 'cm:folder', name: 'A' })).statusCode).toBe(
      401,
    );
    const made = await create(ekbacken, 'Utvecklingssamtal');
    expect(made.statusCode).toBe(201);
    expect(made.json().entry).toMatchObject({ isFolder: true, parentId: ekbacken });
    expect((await create(ekbacken, 'utvecklingssamtal')).statusCode).toBe(409);
    for (const bad of ['', '..', 'a/b', 'a\u0000b', 'x'.repeat(256), 'ond\\sak'])
      expect((await create(ekbacken, bad)).statusCode).toBe(400);
    expect((await create(administration, 'Mitt')).statusCode).toBe(403);
    expect((await create(lindang, 'Mitt')).statusCode).toBe(404);
    expect((await create(pdf, 'Mitt')).statusCode).toBe(400);
  });

  it('refuses a lone surrogate in a folder name with a 400, not a 500 (issue 21.4)', async () => {
    for (const name of ['Mapp\ud800', '\udc00Mapp']) {
      const response = await post(
        `/node/${ekbacken}`,
        { nodeType: 'cm:folder', name },
        'anna.larsson',
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
    const content = await get(`/node/${entry.id}/content`, 'anna.larsson');
    expect(content.body).toBe('Version två.\n');
  });

  it('refuses bad uploads with nothing written', async () => {
    // A folder holds the name a document would take.
    const folder = await post(
      `/node/${ekbacken}`,
      { nodeType: 'cm:folder', name: 'Anteckningar.txt' },
      'anna.larsson',
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
      [await upload(administration, 'a.txt', Buffer.from('text\n')), 403],
      [await upload(lindang, 'a.txt', Buffer.from('text\n')), 404],
      [await upload(planning, 'Läsårsplanering 2026-2027.pdf', Buffer.from('text\n')), 415],
      [await upload(ekbacken, 'Anteckningar.txt', Buffer.from('text\n')), 409],
      [await upload(planning, 'a.txt', Buffer.from('text\n'), 'elsa.nilsson'), 403],
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
    expect((await post('/token', undefined, 'elsa.nilsson')).statusCode).toBe(403);
    const response = await post('/token', undefined, 'anna.larsson');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_UNAVAILABLE');
  });
});
