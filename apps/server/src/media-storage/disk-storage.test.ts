import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'skolportalen-storage-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const visible = () => readdirSync(root).filter((name) => name !== '.staging');

describe('disk media storage', () => {
  it('shows staged files only after commit, and discard removes them again', async () => {
    const storage = createDiskStorage(root);
    const staged = await storage.stage([
      { name: 'abc-1.png', data: Buffer.from('png') },
      { name: 'abc-1-thumb.webp', data: Buffer.from('webp') },
    ]);
    expect(visible()).toEqual([]);
    expect(await storage.open('abc-1.png')).toBeNull();
    await staged.commit();
    expect(visible().sort()).toEqual(['abc-1-thumb.webp', 'abc-1.png']);
    const file = await storage.open('abc-1.png');
    expect(file?.size).toBe(3);
    expect(await text(file!.stream)).toBe('png');
    await staged.discard();
    expect(visible()).toEqual([]);
    expect(readdirSync(path.join(root, '.staging'))).toEqual([]);
  });

  it('refuses names it did not make, so no path can leave its folder', async () => {
    const storage = createDiskStorage(root);
    await expect(storage.stage([{ name: '../x.png', data: Buffer.from('x') }])).rejects.toThrow();
    await expect(storage.remove(['../../etc/passwd'])).rejects.toThrow();
    for (const name of ['../package.json', '.staging', 'a/b.png', 'A.PNG', 'x.png\u0000']) {
      expect(await storage.open(name)).toBeNull();
    }
  });

  it('sweeps staged files a crash left behind, once they are old', async () => {
    const storage = createDiskStorage(root);
    await storage.stage([{ name: 'new-1.png', data: Buffer.from('n') }]);
    const staging = path.join(root, '.staging');
    const old = path.join(staging, 'left-behind.png');
    writeFileSync(old, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    await storage.sweepAbandoned();
    expect(readdirSync(staging)).toHaveLength(1);
    expect(readdirSync(staging)[0]).toMatch(/new-1\.png$/);
  });
});

describe('recovery after a crash', () => {
  it('moves in files whose row was committed, removes stored files no row holds', async () => {
    const storage = createDiskStorage(root);
    // An upload whose row was committed just before the crash, and one whose row never was.
    await storage.stage([{ name: 'kept-1.png', data: Buffer.from('k') }]);
    await storage.stage([{ name: 'lost-1.png', data: Buffer.from('l') }]);
    // A stored file whose row was deleted just before the crash, and one still in use.
    writeFileSync(path.join(root, 'deleted-1.png'), 'd');
    writeFileSync(path.join(root, 'used-1.png'), 'u');
    const asked: string[][] = [];
    const report = await storage.recover(async (names) => {
      asked.push([...names].sort());
      return new Set(names.filter((name) => ['kept-1.png', 'used-1.png'].includes(name)));
    });
    expect(asked).toEqual([['deleted-1.png', 'kept-1.png', 'lost-1.png', 'used-1.png']]);
    expect(report).toEqual({ movedIntoPlace: 1, removed: 1 });
    expect(visible().sort()).toEqual(['kept-1.png', 'used-1.png']);
    expect(await text((await storage.open('kept-1.png'))!.stream)).toBe('k');
    // What no row holds stays staged, invisible, until it is old enough to sweep.
    const staging = readdirSync(path.join(root, '.staging'));
    expect(staging).toHaveLength(1);
    expect(staging[0]).toMatch(/lost-1\.png$/);
  });

  it('a commit finds its files already moved by a recovery and is content', async () => {
    const storage = createDiskStorage(root);
    const staged = await storage.stage([{ name: 'race-1.png', data: Buffer.from('r') }]);
    await storage.recover(async (names) => new Set(names));
    await staged.commit();
    expect(visible()).toEqual(['race-1.png']);
  });
});
