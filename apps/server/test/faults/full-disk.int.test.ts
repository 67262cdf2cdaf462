import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sv } from '@skolportalen/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentVersions, media } from '../../src/db/schema';
import {
  buildDocument,
  buildDocumentSite,
  buildSchool,
  buildUser,
  signIn,
  type TestDocumentSite,
  type TestUser,
} from '../factories';
import { createTestApp, type TestContext } from '../harness';
import { pngImage } from '../media-samples';
import { uploadForm } from '../multipart';

/**
 * A full disk: the file system answers ENOSPC after the first bytes of a
 * write. An upload then gets a clear Swedish 507, and nothing is left behind
 * (no row, no file, not even a staged one).
 */
const full = vi.hoisted(() => ({ on: false, writes: 0 }));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  const writeFile: typeof fs.writeFile = async (file, data, options) => {
    if (full.on) {
      full.writes += 1;
      // Some bytes land before the disk is full, as in life.
      await fs.writeFile(file, 'x', options);
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${String(file)}'`), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    }
    return fs.writeFile(file, data, options);
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

let t: TestContext;
let dataDir: string;
let admin: TestUser;
let teacher: TestUser;
let site: TestDocumentSite;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-full-disk-'));
  t = await createTestApp({ demo: false, env: { DATA_DIR: dataDir } });
  admin = await buildUser(t, { role: 'role_admin' });
  const school = await buildSchool(t);
  teacher = await buildUser(t, { school });
  site = await buildDocumentSite(t, { writers: [school] });
  // A document on the disk before it fills up: it must stay as it is.
  await buildDocument(t, { author: teacher, folderGuid: site.folders.Planering! });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const filesUnder = (folder: string) =>
  readdirSync(path.join(dataDir, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

describe('a full disk', () => {
  it('refuses a media upload with a Swedish 507 and leaves nothing behind', async () => {
    const cookie = await signIn(t.app, admin);
    const [before] = await t.db.select({ n: count() }).from(media);
    full.on = true;
    full.writes = 0;
    try {
      const form = uploadForm({ fileName: 'skolgard.png', data: await pngImage(800, 400) });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/core/v1/media',
        headers: { ...form.headers, cookie },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(507);
      expect(response.json()).toEqual({
        code: 'INSUFFICIENT_STORAGE',
        message: sv.errors.insufficientStorage,
      });
    } finally {
      full.on = false;
    }
    expect(full.writes).toBeGreaterThan(0);
    const [after] = await t.db.select({ n: count() }).from(media);
    expect(after!.n).toBe(before!.n);
    expect(filesUnder('media')).toEqual([]);
  });

  it('refuses a document upload the same way', async () => {
    const cookie = await signIn(t.app, teacher);
    const [before] = await t.db.select({ n: count() }).from(documentVersions);
    const filesBefore = filesUnder('documents');
    const boundary = '----skolportalen-full';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="filedata"; filename="Protokoll.txt"\r\n` +
          'Content-Type: text/plain\r\n\r\nProtokoll från mötet.\n',
      ),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    full.on = true;
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/document-repository/v1/node/${site.folders.Planering!}`,
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      expect(response.statusCode).toBe(507);
      expect(response.json().message).toBe(sv.errors.insufficientStorage);
    } finally {
      full.on = false;
    }
    const [after] = await t.db.select({ n: count() }).from(documentVersions);
    expect(after!.n).toBe(before!.n);
    expect(filesUnder('documents')).toEqual(filesBefore);
  });

  it('passes once there is room again', async () => {
    const cookie = await signIn(t.app, admin);
    const form = uploadForm({ fileName: 'skolgard.png', data: await pngImage(800, 400) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/media',
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(201);
  });
});
