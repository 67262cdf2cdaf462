import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import {
  buildDocument,
  buildDocumentSite,
  buildSchool,
  buildUser,
  signIn,
  type TestDocumentSite,
} from './factories';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { createTestApp, type TestContext } from './harness';
import { pngImage } from './media-samples';
import { uploadForm } from './multipart';

/**
 * FILE_STORAGE=s3: media and documents go to an S3-compatible bucket under
 * S3_PREFIX, so every instance behind a load balancer serves the same files.
 */
let s3: FakeS3;
let t: TestContext;
let admin: string;
let teacher: string;
let site: TestDocumentSite;

beforeAll(async () => {
  s3 = await startFakeS3();
  const env = { ...s3.env, S3_PREFIX: 'exempelby/' };
  t = await createTestApp({ demo: false, env });
  const school = await buildSchool(t);
  const teacherUser = await buildUser(t, { school });
  site = await buildDocumentSite(t, { writers: [school] });
  // A document already in the bucket when the test adds its own.
  await buildDocument(t, { author: teacherUser, folderGuid: site.folders.Planering! });
  admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
  teacher = await signIn(t.app, teacherUser);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const keys = () => [...s3.objects.keys()];

describe('files in an S3-compatible bucket', () => {
  it('stores an uploaded picture and its renditions in the bucket, serves them, and deletes them', async () => {
    const data = await pngImage(1200, 630);
    const form = uploadForm(
      { fileName: 'Skolgård.png', data, contentType: 'image/png' },
      { categoryId: 2 },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/media',
      headers: { ...form.headers, cookie: admin },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json() as { id: number; filename: string; url: string };
    expect(s3.objects.get(`exempelby/media/${item.filename}`)?.data.equals(data)).toBe(true);
    expect(keys().filter((key) => key.includes('.staging/'))).toEqual([]);
    const renditions = keys().filter(
      (key) => key.startsWith('exempelby/media/') && key !== `exempelby/media/${item.filename}`,
    );
    expect(renditions.length).toBeGreaterThanOrEqual(2);

    const served = await t.app.inject({ url: item.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(data)).toBe(true);
    expect((await t.app.inject({ url: '/media/nothing-here-00000000.png' })).statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/core/v1/media/${item.id}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(keys().filter((key) => key.startsWith('exempelby/media/'))).toEqual([]);
  });

  it('keeps document versions in the bucket and reads them back', async () => {
    const planning = site.folders.Planering!;
    const boundary = '----skolportalen-s3';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="filedata"; filename="Protokoll.txt"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\nProtokoll i hinken.\n',
      ),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const before = keys().filter((key) => key.startsWith('exempelby/documents/')).length;
    expect(before).toBeGreaterThan(0); // the document built beforehand
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/document-repository/v1/node/${planning}`,
      payload,
      headers: { cookie: teacher, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(keys().filter((key) => key.startsWith('exempelby/documents/'))).toHaveLength(before + 1);
    const content = await t.app.inject({
      url: `/api/document-repository/v1/node/${uploaded.json().entry.id}/content`,
      headers: { cookie: teacher },
    });
    expect(content.statusCode).toBe(200);
    expect(content.body).toBe('Protokoll i hinken.\n');
  });

  it('a FILE_STORAGE=s3 without its settings stops the start with the missing names', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'hink' })).toThrow(
      /S3_ENDPOINT: required when FILE_STORAGE is s3[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
  });
});
