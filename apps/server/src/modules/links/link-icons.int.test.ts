import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { pdfDocument, pngImage } from '../../../test/media-samples';
import { uploadForm } from '../../../test/multipart';
import { clientFor, linkIdByName, toolBody, type Client } from '../../../test/tools-helpers';
import { links, mediaUsages } from '../../db/schema';

let t: TestContext;
let dataDir: string;
let admin: Client;
let adminCookie: string;
const linkUrl = '/api/core/v1/link';

interface Uploaded {
  id: number;
  filename: string;
  title: string;
  alt: string;
  renditions: { thumb: { url: string; width: number; height: number } } | null;
}

async function upload(
  file: { fileName: string; data: Buffer },
  fields: { title: string; description: string; categoryId: number },
): Promise<Uploaded> {
  const form = uploadForm(file, fields);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/media',
    headers: { ...form.headers, cookie: adminCookie },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

let icon: Uploaded;
let googleIcon: Uploaded;
let picture: Uploaded;
let pdf: Uploaded;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-link-icons-'));
  t = await createTestApp({ demo: false, env: { DATA_DIR: dataDir } });
  const administrator = await buildUser(t, { role: 'role_admin' });
  admin = await clientFor(t, administrator);
  adminCookie = await signIn(t.app, administrator);
  const square = await pngImage(256, 256);
  icon = await upload(
    { fileName: 'klocka.png', data: square },
    { title: 'Klocka', description: 'Ikon: en klocka', categoryId: 7 },
  );
  googleIcon = await upload(
    { fileName: 'google-ark.png', data: await pngImage(256, 256, '#0f9d58') },
    { title: 'Kalkylark', description: 'Ikon: grönt kalkylark', categoryId: 10 },
  );
  picture = await upload(
    { fileName: 'skolgard.png', data: await pngImage(800, 400) },
    { title: 'Skolgård', description: 'Skolgården en vårdag', categoryId: 2 },
  );
  pdf = await upload(
    { fileName: 'regler.pdf', data: pdfDocument() },
    { title: 'Regler', description: 'Skolans ordningsregler', categoryId: 8 },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const usagesOf = (linkId: number) =>
  t.db
    .select({ mediaId: mediaUsages.mediaId })
    .from(mediaUsages)
    .where(and(eq(mediaUsages.entityType, 'link'), eq(mediaUsages.entityId, String(linkId))));

describe('a tool with an icon from the media library', () => {
  it('takes the file name from the media item and answers with the small copy and alt text', async () => {
    const response = await admin('POST', linkUrl, toolBody({ name: 'Klockan', mediaId: icon.id }));
    expect(response.statusCode, response.body).toBe(201);
    const tool = response.json();
    expect(tool).toMatchObject({
      mediaId: icon.id,
      icon: icon.filename,
      media: {
        id: icon.id,
        filename: icon.filename,
        title: 'Klocka',
        alt: 'Ikon: en klocka',
        image: icon.renditions!.thumb,
      },
    });
    expect(tool.media.image.url).toMatch(/^\/media\/.+-thumb\.webp$/);
    // The small copy is really served.
    const file = await t.app.inject({ url: tool.media.image.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(await usagesOf(tool.id)).toEqual([{ mediaId: icon.id }]);
  });

  it('shows the icon to the users the tool reaches', async () => {
    await admin('POST', linkUrl, toolBody({ name: 'Klocktavla', mediaId: icon.id }));
    const teacher = await clientFor(t, await buildUser(t, { role: 'role_teacher' }));
    const grid = await teacher('POST', '/api/core/v1/GetLinks', {});
    const tool = grid.json().find((item: { name: string }) => item.name === 'Klocktavla');
    expect(tool.media).toMatchObject({ id: icon.id, alt: 'Ikon: en klocka' });
  });

  it.each([
    ['a picture of the default category', () => picture.id, 'tool'],
    ['a pdf document', () => pdf.id, 'tool'],
    ['a media item that does not exist', () => 999_999, 'tool'],
  ])('refuses %s, writing nothing', async (_case, mediaId, type) => {
    const name = `Fel ikon ${mediaId()}`.slice(0, 25);
    const response = await admin(
      'POST',
      linkUrl,
      toolBody({ name, mediaId: mediaId(), type: type as 'tool' }),
    );
    expect(response.statusCode).toBe(400);
    const message =
      mediaId() === 999_999
        ? 'Ikonen finns inte i mediabiblioteket.'
        : 'Välj en bild ur kategorierna Ikoner eller Google-ikoner.';
    expect(response.json().errors).toEqual([{ field: 'mediaId', message }]);
    expect(await t.db.select().from(links).where(eq(links.name, name))).toEqual([]);
  });

  it('accepts a Google icon for a Google tool and an ordinary tool alike', async () => {
    const google = await admin(
      'POST',
      linkUrl,
      toolBody({
        name: 'Kalkylarket',
        type: 'google-tool',
        url: 'https://docs.google.com/spreadsheets',
        mediaId: googleIcon.id,
      }),
    );
    expect(google.statusCode, google.body).toBe(201);
    const plain = await admin(
      'POST',
      linkUrl,
      toolBody({ name: 'Räknaren', mediaId: googleIcon.id }),
    );
    expect(plain.statusCode, plain.body).toBe(201);
  });

  it('a tool is published when saved, so it needs an icon, by POST and PUT alike (issue 21.3)', async () => {
    const iconRequired = [{ field: 'mediaId', message: 'Du måste välja ikon innan du publicerar' }];
    for (const mediaId of [undefined, null]) {
      const body = { ...toolBody({ name: 'Utan ikon' }), mediaId };
      const created = await admin('POST', linkUrl, body);
      expect(created.statusCode, JSON.stringify(mediaId)).toBe(400);
      expect(created.json().errors).toEqual(iconRequired);
      const google = await admin('POST', linkUrl, {
        ...body,
        type: 'google-tool',
        url: 'https://docs.google.com/document',
      });
      expect(google.json().errors).toEqual(iconRequired);
    }
    expect(await t.db.select().from(links).where(eq(links.name, 'Utan ikon'))).toEqual([]);

    const tool = (
      await admin('POST', linkUrl, toolBody({ name: 'Med ikon', mediaId: icon.id }))
    ).json();
    const stripped = await admin('PUT', `${linkUrl}/${tool.id}`, {
      ...toolBody({ name: 'Med ikon' }),
      mediaId: null,
    });
    expect(stripped.statusCode).toBe(400);
    expect(stripped.json().errors).toEqual(iconRequired);
    const [kept] = await t.db.select().from(links).where(eq(links.id, tool.id));
    expect(kept).toMatchObject({ mediaId: icon.id, icon: icon.filename });
  });

  it('changes the icon, keeping the usages in step', async () => {
    const created = (
      await admin('POST', linkUrl, toolBody({ name: 'Bytikon', mediaId: icon.id }))
    ).json();
    const changed = await admin(
      'PUT',
      `${linkUrl}/${created.id}`,
      toolBody({ name: 'Bytikon', mediaId: googleIcon.id }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ mediaId: googleIcon.id, icon: googleIcon.filename });
    expect(await usagesOf(created.id)).toEqual([{ mediaId: googleIcon.id }]);

    const refused = await admin(
      'PUT',
      `${linkUrl}/${created.id}`,
      toolBody({ name: 'Bytikon', mediaId: picture.id }),
    );
    expect(refused.statusCode).toBe(400);
    const [unchanged] = await t.db.select().from(links).where(eq(links.id, created.id));
    expect(unchanged).toMatchObject({ mediaId: googleIcon.id, icon: googleIcon.filename });

    const back = await admin(
      'PUT',
      `${linkUrl}/${created.id}`,
      toolBody({ name: 'Bytikon', mediaId: icon.id }),
    );
    expect(back.json()).toMatchObject({ mediaId: icon.id, icon: icon.filename });
    expect(await usagesOf(created.id)).toEqual([{ mediaId: icon.id }]);
  });

  it('keeps a used icon from being deleted, and lets it go with the tool', async () => {
    const only = await upload(
      { fileName: 'eget.png', data: await pngImage(300, 240, '#8a3b12') },
      { title: 'Egen ikon', description: 'Ikon: brun ruta', categoryId: 7 },
    );
    await admin('POST', linkUrl, toolBody({ name: 'Egenverktyg', mediaId: only.id }));
    const refused = await admin('DELETE', `/api/core/v1/media/${only.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Mediet används av 1 verktyg och kan inte tas bort. Ta bort det därifrån först.',
    );

    const linkId = await linkIdByName(t, 'Egenverktyg');
    expect((await admin('DELETE', `${linkUrl}/${linkId}`)).statusCode).toBe(200);
    expect(await usagesOf(linkId)).toEqual([]);
    expect((await admin('DELETE', `/api/core/v1/media/${only.id}`)).statusCode).toBe(200);
  });

  it('no longer takes a file name from the client', async () => {
    const response = await admin('POST', linkUrl, {
      ...toolBody({ name: 'Filnamnet' }),
      icon: '../../etc/passwd',
    });
    expect(response.statusCode).toBe(400);
    expect(await t.db.select().from(links).where(eq(links.name, 'Filnamnet'))).toEqual([]);
  });
});
