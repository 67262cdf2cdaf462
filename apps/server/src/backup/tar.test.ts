import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readTarGz, writeTarGz } from './tar';

const folder = mkdtempSync(path.join(tmpdir(), 'tar-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const longName = `files/documents/${'läsårstider-och-lov-'.repeat(8)}.pdf`;
const entries = [
  { name: 'manifest.json', bytes: Buffer.from('{"format":"x"}') },
  { name: 'files/media/tom.png', bytes: Buffer.alloc(0) },
  { name: 'files/media/stor.jpg', bytes: randomBytes(1_300_000) },
  { name: longName, bytes: Buffer.from('Läsårstider 2026/27') },
  { name: 'files/media/sista.webp', bytes: randomBytes(511) },
];

async function written(file: string) {
  const tar = writeTarGz(file);
  for (const entry of entries) {
    // The big one as a stream in small pieces, the others as buffers.
    const source =
      entry.bytes.length > 100_000
        ? Readable.from(
            Array.from({ length: Math.ceil(entry.bytes.length / 65_536) }, (_, index) =>
              entry.bytes.subarray(index * 65_536, (index + 1) * 65_536),
            ),
          )
        : entry.bytes;
    await tar.add(entry.name, entry.bytes.length, source);
  }
  await tar.close();
}

describe('the backup archive (tar.gz)', () => {
  it('gives back every entry, name and bytes, in order, long and non-ASCII names too', async () => {
    const file = path.join(folder, 'round-trip.tar.gz');
    await written(file);
    const read: { name: string; bytes: Buffer }[] = [];
    for await (const entry of readTarGz(file)) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.stream) chunks.push(chunk as Buffer);
      read.push({ name: entry.name, bytes: Buffer.concat(chunks) });
    }
    expect(read.map((entry) => entry.name)).toEqual(entries.map((entry) => entry.name));
    for (const [index, entry] of read.entries())
      expect(entry.bytes.equals(entries[index]!.bytes)).toBe(true);
  });

  it('skips an entry its reader leaves unread', async () => {
    const file = path.join(folder, 'skipping.tar.gz');
    await written(file);
    const names: string[] = [];
    for await (const entry of readTarGz(file)) names.push(entry.name);
    expect(names).toEqual(entries.map((entry) => entry.name));
  });

  it('is a tar archive other tools read', async () => {
    const file = path.join(folder, 'gnu.tar.gz');
    await written(file);
    const listed = spawnSync('tar', ['tzf', file], { encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual(entries.map((entry) => entry.name));
  });

  it('refuses a source that is not the size announced', async () => {
    const tar = writeTarGz(path.join(folder, 'short.tar.gz'));
    await expect(tar.add('a', 10, Buffer.from('abc'))).rejects.toThrow(/3 bytes instead of 10/);
    await tar.abort();
  });
});
