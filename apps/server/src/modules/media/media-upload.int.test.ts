import { mkdtempSync, readdirSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { sv } from '@skolportalen/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { buildUser, signIn } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  gifImage,
  htmlPage,
  jpegWithGps,
  largePng,
  pdfDocument,
  pngImage,
  svgWithScript,
} from '../../../test/media-samples';
import { multipartBody, uploadForm } from '../../../test/multipart';

let t: TestContext;
let dataDir: string;
let admin: string;
const mediaDir = () => path.join(dataDir, 'media');

/** Every file under DATA_DIR/media, staging included. */
function storedFiles(dir = mediaDir()): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) =>
    entry.isDirectory() ? storedFiles(path.join(dir, entry.name)) : [entry.name],
  );
}

async function mediaRows() {
  const [row] = await t.db.select({ value: count() }).from(media);
  return row!.value;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-media-'));
  t = await createTestApp({ demo: false, env: { DATA_DIR: dataDir } });
  admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(form: { payload: Buffer; headers: Record<string, string> }, cookie = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/core/v1/media',
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
}

describe('refused uploads: the Swedish message, no row, no file', () => {
  let before: { rows: number; files: string[] };
  beforeEach(async () => {
    before = { rows: await mediaRows(), files: storedFiles() };
  });

  async function expectRefused(
    response: Awaited<ReturnType<typeof upload>>,
    status: number,
    message: string,
    field = 'file',
  ) {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json();
    // A file problem is the whole answer; form field problems come with the generic summary.
    expect(body.message).toBe(body.code === 'VALIDATION_FAILED' ? sv.errors.validation : message);
    expect(body.errors).toContainEqual({ field, message });
    expect(await mediaRows()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  }

  it('an image wider or taller than 3000×2010', async () => {
    const response = await upload(
      uploadForm({ fileName: 'bred.png', data: await pngImage(3001, 1000) }),
    );
    await expectRefused(
      response,
      400,
      'Bilden överskrider storleksrekommendation på max 3000px bred och 2010px hög',
    );
    expect(response.json().code).toBe('IMAGE_TOO_LARGE');
    await expectRefused(
      await upload(uploadForm({ fileName: 'hog.png', data: await pngImage(2500, 2011) })),
      400,
      'Bilden överskrider storleksrekommendation på max 3000px bred och 2010px hög',
    );
  });

  it('an image smaller than 200×200', async () => {
    await expectRefused(
      await upload(uploadForm({ fileName: 'liten.gif', data: await gifImage(300, 150) })),
      400,
      'Bilden underskrider storleksrekommendation på minst 200px bred och 200px hög',
    );
  });

  it('a portrait image', async () => {
    await expectRefused(
      await upload(uploadForm({ fileName: 'stående.png', data: await pngImage(400, 600) })),
      400,
      'Bilden uppfyller inte bildförhållandet: den ska vara liggande, minst lika bred som hög',
    );
  });

  it('a file over 10 MB', async () => {
    const data = await largePng();
    expect(data.length).toBeGreaterThan(10 * 1024 * 1024);
    const response = await upload(uploadForm({ fileName: 'stor.png', data }));
    await expectRefused(response, 413, 'Filen är större än 10 MB');
  });

  it('a PNG renamed to .pdf', async () => {
    const response = await upload(
      uploadForm(
        { fileName: 'plan.pdf', data: await pngImage(800, 400), contentType: 'application/pdf' },
        { categoryId: 8 },
      ),
    );
    await expectRefused(
      response,
      400,
      'Filnamnet ”plan.pdf” stämmer inte med innehållet, som är en PNG-fil. Välj rätt fil eller ge den rätt filändelse.',
    );
  });

  it('an HTML page renamed to .png, whatever type it claims', async () => {
    await expectRefused(
      await upload(uploadForm({ fileName: 'bild.png', data: htmlPage, contentType: 'image/png' })),
      415,
      'Filformatet stöds inte. Ladda upp en bild i formatet png, gif, jpg eller jpeg, eller ett pdf-dokument.',
    );
  });

  it('an SVG with a script, as .svg or as .png', async () => {
    for (const fileName of ['ikon.svg', 'ikon.png']) {
      await expectRefused(
        await upload(uploadForm({ fileName, data: svgWithScript, contentType: 'image/svg+xml' })),
        415,
        'Filformatet stöds inte. Ladda upp en bild i formatet png, gif, jpg eller jpeg, eller ett pdf-dokument.',
      );
    }
  });

  it('a truncated image, a corrupt one and a cut-off pdf', async () => {
    const corrupt = 'Filen kunde inte läsas. Den verkar vara skadad eller ofullständig.';
    const noisy = await sharp({
      create: {
        width: 800,
        height: 400,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    await expectRefused(
      await upload(uploadForm({ fileName: 'halv.png', data: noisy.subarray(0, noisy.length / 2) })),
      400,
      corrupt,
    );
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    await expectRefused(
      await upload(uploadForm({ fileName: 'trasig.jpg', data: garbage })),
      400,
      corrupt,
    );
    const pdf = pdfDocument();
    await expectRefused(
      await upload(
        uploadForm(
          { fileName: 'halv.pdf', data: pdf.subarray(0, pdf.length - 40) },
          {
            categoryId: 8,
          },
        ),
      ),
      400,
      corrupt,
    );
  });

  it('path tricks, NUL and very long names', async () => {
    const data = await pngImage(800, 400);
    const message =
      'Filnamnet är ogiltigt. Det får inte innehålla snedstreck eller kontrolltecken och får vara högst 200 tecken.';
    for (const fileName of [
      '../../../etc/cron.d/bild.png',
      '..\\..\\bild.png',
      `${'a'.repeat(250)}.png`,
    ]) {
      await expectRefused(await upload(uploadForm({ fileName, data })), 400, message);
    }
    // NUL is refused at the input boundary, in every field and file name alike.
    await expectRefused(
      await upload(uploadForm({ fileName: 'bild\u0000.html.png', data })),
      400,
      'Fältet innehåller otillåtna tecken',
    );
  });

  it('missing fields and a missing file', async () => {
    const data = await pngImage(800, 400);
    const noTitle = await upload(
      uploadForm({ fileName: 'bild.png', data }, { title: undefined, description: 'kort' }),
    );
    await expectRefused(noTitle, 400, 'Fältet måste vara ifyllt', 'title');
    const shortAlt = await upload(
      uploadForm({ fileName: 'bild.png', data }, { description: 'abc' }),
    );
    await expectRefused(shortAlt, 400, 'Fältet måste innehålla minst 4 tecken', 'description');
    const longTitle = await upload(
      uploadForm(
        { fileName: 'bild.png', data },
        { title: 'T'.repeat(26), description: 'A'.repeat(56) },
      ),
    );
    await expectRefused(longTitle, 400, 'Fältet får innehålla max 25 tecken', 'title');
    expect(longTitle.json().errors).toContainEqual({
      field: 'description',
      message: 'Fältet får innehålla max 55 tecken',
    });
    const noFile = await upload(
      multipartBody([
        { name: 'title', value: 'Utan fil' },
        { name: 'description', value: 'Ingen fil alls' },
      ]),
    );
    await expectRefused(noFile, 400, 'Välj en fil att ladda upp');
  });

  it('a category outside the library, and pdf and image categories mixed up', async () => {
    const data = await pngImage(800, 400);
    await expectRefused(
      await upload(uploadForm({ fileName: 'bild.png', data }, { categoryId: 3 })),
      400,
      'Kategorin finns inte i mediabiblioteket',
      'categoryId',
    );
    await expectRefused(
      await upload(uploadForm({ fileName: 'bild.png', data }, { categoryId: 8 })),
      400,
      'Kategorin PDF-dokument är bara för pdf-dokument',
      'categoryId',
    );
    await expectRefused(
      await upload(uploadForm({ fileName: 'plan.pdf', data: pdfDocument() }, { categoryId: 7 })),
      400,
      'Pdf-dokument sparas i kategorin PDF-dokument',
      'categoryId',
    );
  });

  it('a body that is not multipart, extra files or fields, an aborted upload', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/media',
      headers: { cookie: admin },
      payload: { title: 'Bild', description: 'En bild' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(
      'Uppladdningen ska skickas som ett formulär med en fil (multipart/form-data).',
    );
    const data = await pngImage(800, 400);
    const twoFiles = await upload(
      multipartBody([
        { name: 'title', value: 'Två filer' },
        { name: 'description', value: 'Två filer på en gång' },
        { name: 'file', fileName: 'a.png', data },
        { name: 'file', fileName: 'b.png', data },
      ]),
    );
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().message).toBe(
      'Skicka en fil och fälten titel, beskrivning och kategori, inget annat.',
    );
    const extraField = await upload(
      multipartBody([
        { name: 'title', value: 'Bild' },
        { name: 'description', value: 'En bild' },
        { name: 'uploadedBy', value: '1' },
        { name: 'file', fileName: 'a.png', data },
      ]),
    );
    expect(extraField.statusCode).toBe(400);
    const whole = uploadForm({ fileName: 'a.png', data });
    const aborted = await upload(
      multipartBody(
        [
          { name: 'title', value: 'Bild' },
          { name: 'description', value: 'En bild' },
          { name: 'file', fileName: 'a.png', data },
        ],
        { truncateAt: Math.floor(whole.payload.length * 0.6) },
      ),
    );
    expect(aborted.statusCode).toBe(400);
    expect(aborted.json().message).toBe(
      'Uppladdningen avbröts innan hela filen kom fram. Försök igen.',
    );
    expect(await mediaRows()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  });
});

describe('accepted uploads', () => {
  it('stores a PNG byte for byte, with webp renditions, and serves it with safe headers', async () => {
    const data = await pngImage(1200, 630);
    const response = await upload(
      uploadForm({ fileName: 'Skolgård.png', data, contentType: 'image/png' }, { categoryId: 2 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({
      title: 'Skolgården',
      alt: 'Skolgården en solig dag',
      categoryId: 2,
      fileType: 'png',
      mimeType: 'image/png',
      originalName: 'Skolgård.png',
      size: data.length,
      width: 1200,
      height: 630,
      usageCount: 0,
      can: { edit: true, delete: true },
    });
    expect(item.filename).toMatch(/^[a-f0-9]{20}-[a-f0-9]{8}\.png$/);
    expect(item.url).toBe(`/media/${item.filename}`);
    expect(item.renditions.thumb).toMatchObject({ width: 320, height: 168 });
    expect(item.renditions.card).toMatchObject({ width: 960, height: 504 });
    expect(readFileSync(path.join(mediaDir(), item.filename)).equals(data)).toBe(true);

    const served = await t.app.inject({ url: item.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(data)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.headers['content-disposition']).toMatch(/^inline; /);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");

    const thumb = await t.app.inject({ url: item.renditions.thumb.url });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 320, 168]);

    const head = await t.app.inject({ method: 'HEAD', url: item.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(data.length));
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.rawPayload.length).toBe(0);

    const again = await t.app.inject({
      url: item.url,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('removes EXIF, GPS included, from a photo and accepts `alt` for the alt text', async () => {
    const photo = await jpegWithGps(1600, 1000);
    const gpsPointer = Buffer.from([0x25, 0x88]);
    expect((await sharp(photo).metadata()).exif?.includes(gpsPointer)).toBe(true);
    const response = await upload(
      multipartBody([
        { name: 'title', value: 'Utflykt' },
        { name: 'alt', value: 'Klassen på utflykt i skogen' },
        { name: 'categoryId', value: '2' },
        { name: 'file', fileName: 'IMG_0042.JPG', data: photo, contentType: 'image/jpeg' },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({ fileType: 'jpeg', alt: 'Klassen på utflykt i skogen' });
    expect(item.filename).toMatch(/\.jpg$/);
    const served = await t.app.inject({ url: item.url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([1600, 1000]);
    expect(item.size).toBe(served.rawPayload.length);
  });

  it('takes square icons in the icon categories and a gif', async () => {
    for (const categoryId of [7, 10]) {
      const response = await upload(
        uploadForm({ fileName: 'ikon.png', data: await pngImage(256, 256) }, { categoryId }),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().categoryId).toBe(categoryId);
    }
    const gif = await upload(
      uploadForm({ fileName: 'rörlig.gif', data: await gifImage(400, 300) }),
    );
    expect(gif.statusCode, gif.body).toBe(201);
    expect(gif.json()).toMatchObject({ fileType: 'gif', categoryId: 2 });
  });

  it('stores a pdf in category 8 by default and serves it only as a download', async () => {
    const pdf = pdfDocument();
    const response = await upload(
      uploadForm({ fileName: 'Läsårsplan 2026.pdf', data: pdf }, { title: 'Läsårsplan' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({
      categoryId: 8,
      fileType: 'pdf',
      mimeType: 'application/pdf',
      width: null,
      renditions: null,
    });
    const served = await t.app.inject({ url: item.url });
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="L_s_rsplan 2026.pdf"; filename*=UTF-8''L%C3%A4s%C3%A5rsplan%202026.pdf`,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reads whether a pdf is tagged, and finds pdfs by their stored names', async () => {
    const tagged = await upload(
      uploadForm(
        { fileName: 'taggad.pdf', data: pdfDocument({ tagged: true }) },
        { title: 'Taggad' },
      ),
    );
    const untagged = await upload(
      uploadForm({ fileName: 'otaggad.pdf', data: pdfDocument() }, { title: 'Otaggad' }),
    );
    const picture = await upload(
      uploadForm({ fileName: 'bild.png', data: await pngImage(800, 400) }),
    );
    expect(tagged.json()).toMatchObject({ pdfTagged: true });
    expect(untagged.json()).toMatchObject({ pdfTagged: false });
    expect(picture.json()).toMatchObject({ pdfTagged: null });

    const names = [tagged.json().filename, untagged.json().filename, picture.json().filename];
    const query = names.map((name) => `filename[]=${encodeURIComponent(name)}`).join('&');
    const listed = await t.app.inject({
      url: `/api/core/v1/media?${query}&fileType[]=pdf&sort=title ASC`,
      headers: { cookie: admin },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed
        .json()
        .map((item: { title: string; pdfTagged: boolean }) => [item.title, item.pdfTagged]),
    ).toEqual([
      ['Otaggad', false],
      ['Taggad', true],
    ]);
  });

  it('answers 404 for unknown names and anything that is not a stored name', async () => {
    for (const url of [
      '/media/0123456789abcdef0123-01234567.png',
      '/media/..%2F..%2Fpackage.json',
      '/media/%2E%2E',
      '/media/bild.html',
      '/media/.staging',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });
});
