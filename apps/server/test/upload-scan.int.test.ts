import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sv } from '@skolportalen/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentVersions, media } from '../src/db/schema';
import { buildDocumentSite, buildUser, signIn } from './factories';
import { eicar, startFakeClamd, unusedClamdUrl } from './fake-clamd';
import { createTestApp, type TestContext } from './harness';
import { pngImage } from './media-samples';
import { multipartBody, uploadForm } from './multipart';

/** Uploads scanned by clamd before they are stored (ASVS 5.4.3); without a verdict, nothing is stored. */
interface Setup {
  t: TestContext;
  dataDir: string;
  admin: string;
  /** A folder of a document site, where the administrator uploads. */
  planning: string;
}

async function setUp(env: Record<string, string>): Promise<Setup> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-scan-'));
  const t = await createTestApp({ demo: false, env: { DATA_DIR: dataDir, ...env } });
  const site = await buildDocumentSite(t);
  const admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
  return { t, dataDir, admin, planning: site.folders.Planering! };
}

async function tearDown(setup: Setup) {
  await setup.t.close();
  rmSync(setup.dataDir, { recursive: true, force: true });
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const mediaUpload = (s: Setup, file: { fileName: string; data: Buffer }) => {
  const form = uploadForm(file);
  return s.t.app.inject({
    method: 'POST',
    url: '/api/core/v1/media',
    headers: { ...form.headers, cookie: s.admin },
    payload: form.payload,
  });
};

const documentUpload = (s: Setup, fileName: string, data: Buffer) => {
  const form = multipartBody([{ name: 'filedata', fileName, data }]);
  return s.t.app.inject({
    method: 'POST',
    url: `/api/document-repository/v1/node/${s.planning}`,
    headers: { ...form.headers, cookie: s.admin },
    payload: form.payload,
  });
};

const rows = async (s: Setup) => ({
  media: (await s.t.db.select({ n: count() }).from(media))[0]!.n,
  versions: (await s.t.db.select({ n: count() }).from(documentVersions))[0]!.n,
  mediaFiles: filesUnder(path.join(s.dataDir, 'media')).length,
  documentFiles: filesUnder(path.join(s.dataDir, 'documents')).length,
});

describe('with clamd answering', () => {
  let clamd: Awaited<ReturnType<typeof startFakeClamd>>;
  let s: Setup;
  beforeAll(async () => {
    clamd = await startFakeClamd();
    s = await setUp({ CLAMAV_URL: clamd.url });
  });
  afterAll(async () => {
    await tearDown(s);
    await clamd.close();
  });

  it('stores a clean media file after clamd saw all of it', async () => {
    const image = await pngImage(400, 300);
    const response = await mediaUpload(s, { fileName: 'skolgard.png', data: image });
    expect(response.statusCode, response.body).toBe(201);
    expect(clamd.scanned.at(-1)!.equals(image)).toBe(true);
  });

  it('refuses an infected media file with 422, stores nothing and puts it on record', async () => {
    const before = await rows(s);
    // Larger than one INSTREAM chunk, with the signature in the second.
    const data = Buffer.concat([Buffer.alloc(100_000, 0x20), eicar]);
    const response = await mediaUpload(s, { fileName: 'smitta.pdf', data });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'FILE_INFECTED',
      message: sv.errors.fileInfected,
      errors: [{ field: 'file', message: sv.errors.fileInfected }],
    });
    expect(clamd.scanned.at(-1)!.length).toBe(data.length);
    expect(await rows(s)).toEqual(before);
    const [entry] = await s.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'upload.infected'))
      .orderBy(auditLog.id);
    expect(entry).toMatchObject({
      entityType: 'upload',
      entityId: 'smitta.pdf',
      after: { signature: 'Eicar-Test-Signature', size: data.length, route: '/api/core/v1/media' },
    });
    expect(entry!.actorUserId).not.toBeNull();
  });

  it('scans documents too: clean ones are stored, infected ones refused', async () => {
    const clean = await documentUpload(s, 'Veckobrev.txt', Buffer.from('Hej alla föräldrar!'));
    expect(clean.statusCode, clean.body).toBe(201);
    const before = await rows(s);
    const infected = await documentUpload(s, 'Veckobrev 2.txt', eicar);
    expect(infected.statusCode).toBe(422);
    expect(infected.json().errors).toEqual([
      { field: 'filedata', message: sv.errors.fileInfected },
    ]);
    expect(await rows(s)).toEqual(before);
  });
});

describe('without a verdict the upload is refused (fail closed)', () => {
  const cases = [
    { name: 'clamd down', start: async () => ({ url: await unusedClamdUrl(), close: noop }) },
    { name: 'clamd never answering', start: () => startFakeClamd('silent') },
    { name: 'clamd answering with an error', start: () => startFakeClamd('error') },
  ];
  for (const { name, start } of cases) {
    it(`${name}: 503 for media and documents, nothing stored`, async () => {
      const clamd = await start();
      const s = await setUp({ CLAMAV_URL: clamd.url, CLAMAV_TIMEOUT_MS: '300' });
      try {
        const before = await rows(s);
        const image = await pngImage(400, 300);
        const started = Date.now();
        const refused = await mediaUpload(s, { fileName: 'skolgard.png', data: image });
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual({
          code: 'SCANNER_UNAVAILABLE',
          message: sv.errors.scannerUnavailable,
        });
        const document = await documentUpload(s, 'Veckobrev.txt', Buffer.from('Hej!'));
        expect(document.statusCode).toBe(503);
        expect(await rows(s)).toEqual(before);
      } finally {
        await tearDown(s);
        await clamd.close();
      }
    });
  }
});

async function noop() {}
