import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleKey } from '@skolportalen/shared';
import { auditLog, media } from '../../db/schema';
import { buildUser, signIn } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { pdfDocument, pngImage } from '../../../test/media-samples';
import { uploadForm } from '../../../test/multipart';
import { setMediaUsages } from './media-usages.repo';
import { createDiskStorage } from '../../media-storage/disk-storage';

let t: TestContext;
let dataDir: string;
const cookies: Record<string, string> = {};
const base = '/api/core/v1/media';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-media-'));
  t = await createTestApp({ demo: false, env: { DATA_DIR: dataDir } });
  // An administrator, a teacher, a pupil and a principal (school-responsible).
  const people = {
    'eva.andersson': await buildUser(t, { role: 'role_admin' }),
    'anna.larsson': await buildUser(t),
    'elsa.nilsson': await buildUser(t, { role: 'role_student' }),
    'lars.berglund': await buildUser(t, { role: 'role_school_responsible' }),
  };
  for (const [name, person] of Object.entries(people)) {
    cookies[name] = await signIn(t.app, person);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function uploadAs(
  username: string,
  file: { fileName: string; data: Buffer },
  fields: Parameters<typeof uploadForm>[1] = {},
) {
  const form = uploadForm(file, fields);
  return t.app.inject({
    method: 'POST',
    url: base,
    headers: { ...form.headers, cookie: cookies[username]! },
    payload: form.payload,
  });
}

async function seedItem(title: string, categoryId = 2, width = 800) {
  const response = await uploadAs(
    'eva.andersson',
    { fileName: `${title}.png`, data: await pngImage(width, 400) },
    { title, description: `Bild som visar ${title}`, categoryId },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; filename: string; title: string };
}

describe('OpenAPI', () => {
  it('documents the media routes, the upload as multipart', async () => {
    const document = JSON.parse(JSON.stringify(t.app.swagger()));
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/core/v1/media', '/api/core/v1/media/{id}']),
    );
    const content = document.paths['/api/core/v1/media'].post.requestBody.content;
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    expect(content['multipart/form-data'].schema.properties.file).toEqual({
      type: 'string',
      format: 'binary',
    });
  });
});

describe('POST /media', () => {
  it('401 → 403 → 201', async () => {
    const form = uploadForm({ fileName: 'a.png', data: await pngImage(800, 400) });
    const anonymous = await t.app.inject({ method: 'POST', url: base, ...form });
    expect(anonymous.statusCode).toBe(401);
    const student = await uploadAs('elsa.nilsson', {
      fileName: 'a.png',
      data: await pngImage(800, 400),
    });
    expect(student.statusCode).toBe(403);
    // Teachers write posts, so they may add images; editing and deleting stay with administrators.
    const teacher = await uploadAs('anna.larsson', {
      fileName: 'a.png',
      data: await pngImage(800, 400),
    });
    expect(teacher.statusCode, teacher.body).toBe(201);
    expect(teacher.json().can).toEqual({ edit: false, delete: false });
  });

  it('records the upload in the audit log', async () => {
    const item = await seedItem('Revisionen');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'media'), eq(auditLog.entityId, String(item.id))));
    expect(entry).toMatchObject({ action: 'media.upload' });
  });
});

describe('GET /media', () => {
  let icon: { id: number };
  let pdf: { id: number };
  beforeAll(async () => {
    await seedItem('Höstlov');
    await seedItem('Vårfest');
    icon = await seedItem('Kalender', 7, 400);
    const response = await uploadAs(
      'eva.andersson',
      { fileName: 'ordningsregler.pdf', data: pdfDocument() },
      { title: 'Ordningsregler 100%', description: 'Skolans ordningsregler' },
    );
    pdf = response.json();
  });

  it('401 → 400 → 403 → 200', async () => {
    expect((await t.app.inject({ url: base })).statusCode).toBe(401);
    const admin = cookies['eva.andersson']!;
    for (const query of ['perPage=0', 'categoryId=abc', 'fileType[]=svg', 'sort=password']) {
      const response = await t.app.inject({ url: `${base}?${query}`, headers: { cookie: admin } });
      expect(response.statusCode, query).toBe(400);
    }
    const student = await t.app.inject({
      url: base,
      headers: { cookie: cookies['elsa.nilsson']! },
    });
    expect(student.statusCode).toBe(403);
    const principal = await t.app.inject({
      url: base,
      headers: { cookie: cookies['lars.berglund']! },
    });
    expect(principal.statusCode).toBe(200);
  });

  it('filters by category, file type and title, pages, and sends the total', async () => {
    const admin = { cookie: cookies['eva.andersson']! };
    const icons = await t.app.inject({
      url: `${base}?categoryId[]=7&categoryId[]=10`,
      headers: admin,
    });
    expect(icons.json().map((item: { id: number }) => item.id)).toEqual([icon.id]);
    expect(icons.headers['x-pagination-total']).toBe('1');

    const pdfs = await t.app.inject({ url: `${base}?fileType[]=pdf`, headers: admin });
    expect(pdfs.json().map((item: { id: number }) => item.id)).toEqual([pdf.id]);

    const search = await t.app.inject({ url: `${base}?search=h%C3%B6st`, headers: admin });
    expect(search.json().map((item: { title: string }) => item.title)).toEqual(['Höstlov']);
    // `%` is searched for as a character, not as a wildcard.
    const percent = await t.app.inject({ url: `${base}?search=100%25`, headers: admin });
    expect(percent.json().map((item: { id: number }) => item.id)).toEqual([pdf.id]);

    const all = await t.app.inject({ url: base, headers: admin });
    const total = Number(all.headers['x-pagination-total']);
    expect(total).toBe(all.json().length);
    const page = await t.app.inject({
      url: `${base}?perPage=2&page=2&sort=title%20ASC`,
      headers: admin,
    });
    expect(page.headers['x-pagination-total']).toBe(String(total));
    const titles = all.json().map((item: { title: string }) => item.title);
    const sorted = [...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0));
    expect(page.json().map((item: { title: string }) => item.title)).toEqual(sorted.slice(2, 4));
  });
});

describe('GET /media/{id}', () => {
  it('401 → 400 → 403 → 404 → 200', async () => {
    const item = await seedItem('Läsning');
    expect((await t.app.inject({ url: `${base}/${item.id}` })).statusCode).toBe(401);
    const admin = { cookie: cookies['eva.andersson']! };
    expect((await t.app.inject({ url: `${base}/x`, headers: admin })).statusCode).toBe(400);
    const student = { cookie: cookies['elsa.nilsson']! };
    expect((await t.app.inject({ url: `${base}/${item.id}`, headers: student })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: `${base}/999999`, headers: admin })).statusCode).toBe(404);
    const found = await t.app.inject({ url: `${base}/${item.id}`, headers: admin });
    expect(found.json()).toMatchObject({ id: item.id, title: 'Läsning', usageCount: 0 });
  });
});

describe('PUT /media/{id}', () => {
  it('401 → 400 → 403 → 404 → 200, and only title and description change', async () => {
    const item = await seedItem('Gammal titel');
    const url = `${base}/${item.id}`;
    const body = { title: 'Ny titel', description: 'Ny beskrivning av bilden' };
    expect((await t.app.inject({ method: 'PUT', url, payload: body })).statusCode).toBe(401);
    const admin = { cookie: cookies['eva.andersson']! };
    const invalid = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { title: '', description: 'abc', filename: 'x.png' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Fältet måste vara ifyllt' },
        { field: 'description', message: 'Fältet måste innehålla minst 4 tecken' },
      ]),
    );
    const teacher = { cookie: cookies['anna.larsson']! };
    expect(
      (await t.app.inject({ method: 'PUT', url, headers: teacher, payload: body })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${base}/999999`, headers: admin, payload: body }))
        .statusCode,
    ).toBe(404);
    const updated = await t.app.inject({ method: 'PUT', url, headers: admin, payload: body });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Ny titel',
      alt: 'Ny beskrivning av bilden',
      filename: item.filename,
    });
  });

  it('follows a per-user right: media_edit granted to one teacher', async () => {
    const item = await seedItem('Rättighet');
    const anna = await buildUser(t, { capabilities: { media_edit: true } });
    const response = await t.app.inject({
      method: 'PUT',
      url: `${base}/${item.id}`,
      headers: { cookie: await signIn(t.app, anna) },
      payload: { title: 'Ändrad av Anna', description: 'Anna har fått rätten' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().can).toEqual({ edit: true, delete: false });
  });
});

describe('DELETE /media/{id}', () => {
  it('401 → 400 → 403 → 404 → 200 and the files are gone', async () => {
    const item = await seedItem('Att ta bort');
    const url = `${base}/${item.id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const admin = { cookie: cookies['eva.andersson']! };
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base}/-1`, headers: admin })).statusCode,
    ).toBe(400);
    const principal = { cookie: cookies['lars.berglund']! };
    expect((await t.app.inject({ method: 'DELETE', url, headers: principal })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base}/999999`, headers: admin })).statusCode,
    ).toBe(404);
    const stem = item.filename.replace(/\.png$/, '');
    expect(
      readdirSync(path.join(dataDir, 'media')).filter((name) => name.startsWith(stem)),
    ).toHaveLength(3);
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await t.app.inject({ url, headers: admin })).statusCode).toBe(404);
    expect(
      readdirSync(path.join(dataDir, 'media')).filter((name) => name.startsWith(stem)),
    ).toEqual([]);
    expect((await t.app.inject({ url: `/media/${item.filename}` })).statusCode).toBe(404);
  });

  it('refuses to delete what a post or a tool still uses, and says where', async () => {
    const item = await seedItem('Används');
    await t.db.transaction(async (tx) => {
      await setMediaUsages(tx, { type: 'post', id: 12 }, [item.id]);
      await setMediaUsages(tx, { type: 'post', id: 13 }, [item.id, item.id]);
      await setMediaUsages(tx, { type: 'link', id: 4 }, [item.id]);
    });
    const admin = { cookie: cookies['eva.andersson']! };
    const listed = await t.app.inject({ url: `${base}/${item.id}`, headers: admin });
    expect(listed.json().usageCount).toBe(3);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${item.id}`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Mediet används av 1 verktyg och 2 inlägg och kan inte tas bort. Ta bort det därifrån först.',
    );
    expect((await t.app.inject({ url: `/media/${item.filename}` })).statusCode).toBe(200);

    await t.db.transaction(async (tx) => {
      await setMediaUsages(tx, { type: 'post', id: 12 }, []);
      await setMediaUsages(tx, { type: 'post', id: 13 }, []);
      await setMediaUsages(tx, { type: 'link', id: 4 }, []);
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${item.id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(200);
  });
});

describe('authorization matrix: every media route × every role', () => {
  const expected: [RoleKey, { list: boolean; upload: boolean; edit: boolean; delete: boolean }][] =
    [
      ['role_teacher', { list: true, upload: true, edit: false, delete: false }],
      ['role_employee', { list: true, upload: true, edit: false, delete: false }],
      ['role_school_responsible', { list: true, upload: true, edit: false, delete: false }],
      ['role_student', { list: false, upload: false, edit: false, delete: false }],
      ['role_caretaker', { list: false, upload: false, edit: false, delete: false }],
      ['role_admin', { list: true, upload: true, edit: true, delete: true }],
      ['role_superadmin', { list: true, upload: true, edit: true, delete: true }],
      ['role_municipality_admin', { list: true, upload: true, edit: true, delete: true }],
    ];

  for (const [role, may] of expected) {
    it(role, async () => {
      const cookie = await signIn(t.app, await buildUser(t, { role }));
      const item = await seedItem(`Matris ${role.replace('role_', '').slice(0, 10)}`);
      const status = async (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        (await t.app.inject({ method, url, headers: { cookie }, payload })).statusCode;
      const form = uploadForm({ fileName: 'a.png', data: await pngImage(800, 400) });
      const upload = await t.app.inject({
        method: 'POST',
        url: base,
        headers: { ...form.headers, cookie },
        payload: form.payload,
      });
      expect({
        list: await status('GET', base),
        item: await status('GET', `${base}/${item.id}`),
        upload: upload.statusCode,
        edit: await status('PUT', `${base}/${item.id}`, {
          title: 'Matris',
          description: 'Bild i matristestet',
        }),
        delete: await status('DELETE', `${base}/${item.id}`),
      }).toEqual({
        list: may.list ? 200 : 403,
        item: may.list ? 200 : 403,
        upload: may.upload ? 201 : 403,
        edit: may.edit ? 200 : 403,
        delete: may.delete ? 200 : 403,
      });
    });
  }
});

describe('an upload is all or nothing', () => {
  it('a store that fails after moving the files leaves neither row nor file', async () => {
    const failingDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-media-failing-'));
    const disk = createDiskStorage(failingDir);
    const failing = await createTestApp({
      demo: false,
      mediaStorage: {
        ...disk,
        async stage(files) {
          const staged = await disk.stage(files);
          return {
            discard: staged.discard,
            async commit() {
              await staged.commit();
              throw new Error('disk full');
            },
          };
        },
      },
    });
    try {
      const cookie = await signIn(failing.app, await buildUser(failing, { role: 'role_admin' }));
      const form = uploadForm({ fileName: 'a.png', data: await pngImage(800, 400) });
      const response = await failing.app.inject({
        method: 'POST',
        url: base,
        headers: { ...form.headers, cookie },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(500);
      const [rows] = await failing.db.select({ value: count() }).from(media);
      expect(rows!.value).toBe(0);
      const left = readdirSync(failingDir, { recursive: true, withFileTypes: true }).filter(
        (entry) => entry.isFile(),
      );
      expect(left).toEqual([]);
    } finally {
      await failing.close();
      rmSync(failingDir, { recursive: true, force: true });
    }
  });
});
