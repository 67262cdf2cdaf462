import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3';
import { createS3Client } from '../object-store/s3-client';
import { createS3Storage } from './s3-storage';

let s3: FakeS3;
beforeEach(async () => {
  // Pages of two, so every listing below is read over several requests.
  s3 = await startFakeS3({ pageSize: 2 });
});
afterEach(() => s3.close());

const storageOf = () => createS3Storage(createS3Client(s3.settings), 'media/');
const visible = () => [...s3.objects.keys()].filter((key) => !key.includes('.staging/')).sort();
const staged = () => [...s3.objects.keys()].filter((key) => key.includes('.staging/'));

describe('S3 media storage', () => {
  it('shows staged files only after commit, and discard removes them again', async () => {
    const storage = storageOf();
    const files = await storage.stage([
      { name: 'abc-1.png', data: Buffer.from('png') },
      { name: 'abc-1-thumb.webp', data: Buffer.from('webp') },
    ]);
    expect(visible()).toEqual([]);
    expect(await storage.open('abc-1.png')).toBeNull();
    await files.commit();
    expect(visible()).toEqual(['media/abc-1-thumb.webp', 'media/abc-1.png']);
    expect(staged()).toEqual([]);
    const file = await storage.open('abc-1.png');
    expect(file?.size).toBe(3);
    expect(await text(file!.stream)).toBe('png');
    await files.discard();
    expect([...s3.objects.keys()]).toEqual([]);
  });

  it('refuses names it did not make, so no key can leave its prefix', async () => {
    const storage = storageOf();
    await expect(storage.stage([{ name: '../x.png', data: Buffer.from('x') }])).rejects.toThrow();
    await expect(storage.remove(['../../etc/passwd'])).rejects.toThrow();
    for (const name of ['../package.json', '.staging', 'a/b.png', 'A.PNG', 'x.png\u0000']) {
      expect(await storage.open(name)).toBeNull();
    }
    expect(s3.requests).toEqual([]);
  });

  it('sweeps staged files a crash left behind, once they are old', async () => {
    const storage = storageOf();
    await storage.stage([{ name: 'new-1.png', data: Buffer.from('n') }]);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    s3.objects.set('media/.staging/left-behind.png', {
      data: Buffer.from('x'),
      lastModified: twoHoursAgo,
    });
    await storage.sweepAbandoned();
    expect(staged()).toHaveLength(1);
    expect(staged()[0]).toMatch(/new-1\.png$/);
  });

  it('a wrong secret is refused by the store, and the error says which call', async () => {
    const wrong = createS3Storage(
      createS3Client({ ...s3.settings, secretAccessKey: 'not-the-secret' }),
      'media/',
    );
    await expect(wrong.stage([{ name: 'x-1.png', data: Buffer.from('x') }])).rejects.toThrow(
      /PutObject answered 403 SignatureDoesNotMatch/,
    );
    expect(s3.objects.size).toBe(0);
  });
});

describe('S3 recovery after a crash', () => {
  it('moves in files whose row was committed, removes stored files no row holds', async () => {
    const storage = storageOf();
    await storage.stage([{ name: 'kept-1.png', data: Buffer.from('k') }]);
    await storage.stage([{ name: 'lost-1.png', data: Buffer.from('l') }]);
    const now = new Date();
    s3.objects.set('media/deleted-1.png', { data: Buffer.from('d'), lastModified: now });
    s3.objects.set('media/used-1.png', { data: Buffer.from('u'), lastModified: now });
    // Another store's objects under a different prefix are not media.
    s3.objects.set('documents/ab/x', { data: Buffer.from('doc'), lastModified: now });
    const asked: string[][] = [];
    const report = await storage.recover(async (names) => {
      asked.push([...names].sort());
      return new Set(names.filter((name) => ['kept-1.png', 'used-1.png'].includes(name)));
    });
    expect(asked).toEqual([['deleted-1.png', 'kept-1.png', 'lost-1.png', 'used-1.png']]);
    expect(report).toEqual({ movedIntoPlace: 1, removed: 1 });
    expect(visible()).toEqual(['documents/ab/x', 'media/kept-1.png', 'media/used-1.png']);
    expect(await text((await storage.open('kept-1.png'))!.stream)).toBe('k');
    expect(staged()).toHaveLength(1);
    expect(staged()[0]).toMatch(/lost-1\.png$/);
  });

  it('a commit finds its files already moved by a recovery and is content', async () => {
    const storage = storageOf();
    const files = await storage.stage([{ name: 'race-1.png', data: Buffer.from('r') }]);
    await storage.recover(async (names) => new Set(names));
    await files.commit();
    expect(visible()).toEqual(['media/race-1.png']);
  });
});
