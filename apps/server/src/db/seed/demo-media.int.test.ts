import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../../test/harness';
import { createMediaStorage } from '../../media-storage/create-media-storage';
import { demoMedia, seedDemoMedia } from './demo-media';
import { findUserIdByUsername } from './demo-municipality';
import { attachDemoToolIcons } from './demo-tools';

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'skolportalen-demo-media-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo media library', () => {
  it('passes the library rules and fills every media category', async () => {
    const adminId = await findUserIdByUsername(t.db, 'eva.andersson');
    await seedDemoMedia(
      t.db,
      createMediaStorage({ dataDir, fileStorage: { kind: 'disk' } }),
      adminId!,
    );
    const cookie = await signInAs(t.app, 'eva.andersson');
    const response = await t.app.inject({ url: '/api/core/v1/media', headers: { cookie } });
    const items = response.json() as { categoryId: number; fileType: string; url: string }[];
    expect(items).toHaveLength(demoMedia.length);
    expect(new Set(items.map((item) => item.categoryId))).toEqual(new Set([2, 7, 8, 10]));
    expect(new Set(items.map((item) => item.fileType))).toEqual(
      new Set(['png', 'jpeg', 'gif', 'pdf']),
    );
    // Originals plus two renditions per image.
    const images = items.filter((item) => item.fileType !== 'pdf').length;
    const files = readdirSync(path.join(dataDir, 'media')).filter((name) => name !== '.staging');
    expect(files).toHaveLength(images * 3 + 1);
  });

  it('gives some demo tools icons from the library; the others show their initial', async () => {
    await attachDemoToolIcons(t.db);
    const cookie = await signInAs(t.app, 'anna.larsson');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/GetLinks',
      headers: { cookie },
      payload: {},
    });
    const tools = response.json() as {
      name: string;
      media: { alt: string; image: { url: string } } | null;
    }[];
    const schema = tools.find((tool) => tool.name === 'Schema');
    expect(schema?.media).toMatchObject({ alt: 'Ikon: klocka' });
    expect(schema?.media?.image.url).toMatch(/-thumb\.webp$/);
    expect(tools.some((tool) => tool.media === null)).toBe(true);
    // The icons are in use now: the library refuses to delete them.
    const admin = await signInAs(t.app, 'eva.andersson');
    const icons = await t.app.inject({
      url: '/api/core/v1/media?categoryId[]=7&search=Schema',
      headers: { cookie: admin },
    });
    expect(icons.json()[0]).toMatchObject({ title: 'Schema', usageCount: 1 });
  });
});
